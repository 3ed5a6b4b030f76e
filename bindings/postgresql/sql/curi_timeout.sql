-- issue 26 item 2: curi_check on a 360 KB run of %41 (one finding per three bytes).  Its
-- messages cost O(length), not O(findings x length), it returns the first 1000 findings and
-- "more" for the rest, and it checks for interrupts between its steps: a 1 s
-- statement_timeout cancels a statement that runs it over and over within 2 s (a single
-- call used to hold the backend for 39 s).
SET statement_timeout = '1s';
SELECT json_array_length(c->'findings') AS findings, c->>'more' AS more,
       c->'findings'->1->>'rule' AS rule
  FROM (SELECT curi_check('http://h/' || repeat('%41', 120000)) AS c) s;
DO $$
DECLARE
    t0 timestamptz := clock_timestamp();
    n bigint;
BEGIN
    SELECT count(curi_check('http://h/' || repeat('%41', 120000 + g % 2))) INTO n
      FROM generate_series(1, 1000000) g;
    RAISE NOTICE 'not cancelled';
EXCEPTION WHEN query_canceled THEN
    RAISE NOTICE 'cancelled by the 1 s statement_timeout within 2 s: %',
        clock_timestamp() - t0 < interval '2 s';
END $$;
RESET statement_timeout;
