-- profile_info reports what a profile holds and how exact it is.
SELECT jsonb_pretty(profile_info(template_profile(h)))
FROM (VALUES ('<nav>menu</nav><p>a</p>'), ('<nav>menu</nav><p>b</p>'), ('<nav>menu</nav><p>c</p>')) v(h);

-- eps comes from templatedet.profile_error at build time; 0 = exact
SET templatedet.profile_error = 0;
SELECT profile_info(template_profile(h)) ->> 'eps' AS eps
FROM (VALUES ('<p>a</p>')) v(h);
SET templatedet.profile_error = 0.05;
SELECT profile_info(template_profile(h)) ->> 'eps' AS eps
FROM (VALUES ('<p>a</p>')) v(h);
RESET templatedet.profile_error;

-- lossy counting: a large site with small capacity prunes; the reported
-- error bound is what the guarantee uses, and entries stay under capacity
SET templatedet.profile_capacity = 1024;
SELECT (i ->> 'pages')::int AS pages, (i ->> 'entries')::int <= 1024 AS bounded,
       (i ->> 'error_bound')::int > 0 AS lossy,
       (i ->> 'error_share')::float8 = (i ->> 'error_bound')::float8 / (i ->> 'pages')::float8 AS share_is_e_over_n,
       (i ->> 'bytes')::int = 84 + 16 * (i ->> 'entries')::int AS size_is_header_plus_entries
FROM (SELECT profile_info(template_profile('<nav>menu</nav><div><p>page ' || g || '</p><p>x' || g || '</p></div>')) AS i
      FROM generate_series(1, 3000) g) s;
RESET templatedet.profile_capacity;

-- union keeps the counts: pages add up
SELECT profile_info(template_profile_union(p)) -> 'pages' AS pages
FROM (SELECT template_profile(h) AS p FROM (VALUES ('<p>a</p>'), ('<p>b</p>')) v(h)
      UNION ALL
      SELECT template_profile(h) FROM (VALUES ('<p>c</p>')) v(h)
      UNION ALL SELECT NULL) s;
