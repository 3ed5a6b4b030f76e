/*
 * replay.c -- a main() for the fuzz targets without libFuzzer: runs every file
 * of the given directories (or the given files) through LLVMFuzzerTestOneInput,
 * each in a child process so that one failing input does not hide the others.
 * Prints one line per failure and a summary "NAME: N passed, N failed"; exits 1
 * if anything failed.  Builds with any C11 compiler on a POSIX system
 * (`make fuzz-replay`, run by `make check`).
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util.h"

static unsigned long passed, failed;

/* Read a whole file into an exact-size block. */
static char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    char *p = NULL;
    size_t cap = 0, len = 0;

    if (f == NULL)
        return NULL;
    for (;;) {
        size_t got;
        if (len == cap) {
            char *q;
            cap = cap ? cap * 2 : 4096;
            q = realloc(p, cap);
            if (q == NULL) {
                free(p);
                fclose(f);
                return NULL;
            }
            p = q;
        }
        got = fread(p + len, 1, cap - len, f);
        len += got;
        if (got == 0)
            break;
    }
    fclose(f);
    *n = len;
    return p;
}

static void run_file(const char *path)
{
    size_t n = 0;
    char *data = slurp(path, &n);
    pid_t pid;
    int status = 0;

    if (data == NULL) {
        fprintf(stderr, "FAIL %s: cannot read\n", path);
        failed++;
        return;
    }
    fflush(NULL);
    pid = fork();
    if (pid == 0) {
        /* The target sees an exact-size copy, as under libFuzzer. */
        char *copy = fz_dup(data, n);
        LLVMFuzzerTestOneInput((const uint8_t *)copy, n);
        free(copy);
        free(data);
        _exit(0);
    }
    if (pid < 0 || waitpid(pid, &status, 0) != pid) {
        /* No fork: run in this process (a failure then ends the run). */
        LLVMFuzzerTestOneInput((const uint8_t *)data, n);
        status = 0;
    }
    free(data);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        passed++;
    } else {
        fprintf(stderr, "FAIL %s\n", path);
        failed++;
    }
}

static void run_path(const char *path)
{
    struct stat st;
    DIR *d;
    struct dirent *e;

    if (stat(path, &st) != 0)
        return; /* a target may have no regression directory yet */
    if (!S_ISDIR(st.st_mode)) {
        run_file(path);
        return;
    }
    d = opendir(path);
    if (d == NULL)
        return;
    while ((e = readdir(d)) != NULL) {
        char full[4096];
        if (e->d_name[0] == '.')
            continue;
        if ((size_t)snprintf(full, sizeof full, "%s/%s", path, e->d_name) >= sizeof full)
            continue;
        run_path(full);
    }
    closedir(d);
}

int main(int argc, char **argv)
{
    const char *name = argc > 0 ? argv[0] : "replay";
    const char *slash = strrchr(name, '/');

    if (slash != NULL)
        name = slash + 1;
    for (int i = 1; i < argc; i++)
        run_path(argv[i]);
    printf("%s: %lu passed, %lu failed\n", name, passed, failed);
    return failed ? 1 : 0;
}
