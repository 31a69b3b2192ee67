-- A sample crawl that the project makes itself: 3 sites x :pages_per_site pages
-- (psql variable, default 20) into pages(url, host, html, fetched_at).
--
-- Each site has its own template -- header with a per-page session id in a link,
-- navigation whose "active" item follows the page's section, sidebar, footer, a date
-- that changes per page -- around main content that differs in length and shape
-- (paragraphs, lists, tables, headings, code).  Text is composed from word lists with a
-- deterministic PRNG (md5 of a seed), so every run makes the same pages.
\set ON_ERROR_STOP 1
\if :{?pages_per_site}
\else
\set pages_per_site 20
\endif

CREATE SCHEMA demo_gen;

-- rnd(seed, n): deterministic integer in [0, n)
CREATE FUNCTION demo_gen.rnd(seed text, n int) RETURNS int
LANGUAGE sql IMMUTABLE STRICT AS
$$ SELECT (('x' || left(md5(seed), 7))::bit(28)::int % n) $$;

CREATE FUNCTION demo_gen.pick(seed text, words text[]) RETURNS text
LANGUAGE sql IMMUTABLE STRICT AS
$$ SELECT words[1 + demo_gen.rnd(seed, cardinality(words))] $$;

-- Vocabulary per site: topic nouns, verbs, adjectives, people and places.
CREATE TABLE demo_gen.vocab (site text PRIMARY KEY, nouns text[], verbs text[],
                             adjs text[], names text[], places text[]);
INSERT INTO demo_gen.vocab VALUES
('news.example',
 '{council,budget,bridge,school board,harbour,festival,library,rail line,hospital,market,flood barrier,union,bakery,museum,football club,cycle path,housing plan,tram depot,orchestra,fire brigade}',
 '{approved,postponed,reopened,criticised,welcomed,announced,rejected,expanded,inspected,funded,debated,delayed}',
 '{new,controversial,long-awaited,historic,temporary,costly,popular,local,regional,ambitious,modest,disputed}',
 '{Maria Okafor,Tom Lindqvist,Priya Raman,Jonas Weber,Aoife Byrne,Daniel Mensah,Keiko Sato,Luis Ortega}',
 '{Riverside,Old Town,Millbrook,the north bank,Harbour Street,Eastfield,the valley,Station Road}'),
('recipes.example',
 '{onions,garlic,lentils,butter,thyme,sourdough,tomatoes,chickpeas,lemon zest,dark chocolate,rice,pumpkin,spinach,cream,ginger,walnuts,apples,cinnamon,parsley,eggs}',
 '{simmer,whisk,fold,roast,toast,knead,season,stir,chop,bake,grate,blend}',
 '{golden,crisp,silky,fragrant,rustic,smoky,tender,bright,hearty,creamy,zesty,gooey}',
 '{my grandmother,my neighbour Rosa,a baker in Lyon,my sister,an old friend,the market stallholder}',
 '{the Sunday market,a cold kitchen,the allotment,a farmhouse in Umbria,our tiny flat,the seaside}'),
('docs.example',
 '{index,query planner,replica,snapshot,connection pool,schema,transaction,checkpoint,write-ahead log,cursor,partition,backup,migration,extension,role,trigger,view,sequence,lock,vacuum}',
 '{creates,drops,rebuilds,validates,replicates,compresses,streams,caches,rejects,locks,restores,configures}',
 '{concurrent,incremental,read-only,logical,physical,default,deprecated,experimental,durable,unlogged,temporary,partial}',
 '{lumenctl,lumen-dump,lumen-restore,the server,the client library,the admin console}',
 '{the primary,a standby,the data directory,the config file,a remote host,the catalog}');

-- sentence(site, seed): one sentence of plausible prose for the site
CREATE FUNCTION demo_gen.raw_sentence(s text, seed text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE v demo_gen.vocab; k int;
BEGIN
  SELECT * INTO v FROM demo_gen.vocab WHERE site = s;
  k := demo_gen.rnd(seed || 'form', 6);
  IF s = 'recipes.example' THEN
    RETURN CASE k
      WHEN 0 THEN format('%s the %s gently until %s and %s.', initcap(demo_gen.pick(seed||'v', v.verbs)), demo_gen.pick(seed||'n', v.nouns), demo_gen.pick(seed||'a', v.adjs), demo_gen.pick(seed||'b', v.adjs))
      WHEN 1 THEN format('I first had this with %s at %s, and I have made it every week since.', demo_gen.pick(seed||'p', v.names), demo_gen.pick(seed||'q', v.places))
      WHEN 2 THEN format('The %s should smell %s before you add the %s.', demo_gen.pick(seed||'n', v.nouns), demo_gen.pick(seed||'a', v.adjs), demo_gen.pick(seed||'m', v.nouns))
      WHEN 3 THEN format('If you have no %s, %s a handful of %s instead; it turns out just as %s.', demo_gen.pick(seed||'n', v.nouns), demo_gen.pick(seed||'v', v.verbs), demo_gen.pick(seed||'m', v.nouns), demo_gen.pick(seed||'a', v.adjs))
      WHEN 4 THEN format('Leave it to rest for %s minutes so the %s can settle.', 5 + demo_gen.rnd(seed||'t', 40), demo_gen.pick(seed||'n', v.nouns))
      ELSE format('A little %s at the end makes the whole dish taste %s.', demo_gen.pick(seed||'n', v.nouns), demo_gen.pick(seed||'a', v.adjs))
    END;
  ELSIF s = 'docs.example' THEN
    RETURN CASE k
      WHEN 0 THEN format('A %s %s %s the %s without blocking writers.', demo_gen.pick(seed||'a', v.adjs), demo_gen.pick(seed||'n', v.nouns), demo_gen.pick(seed||'v', v.verbs), demo_gen.pick(seed||'m', v.nouns))
      WHEN 1 THEN format('Run %s on %s before you change the %s.', demo_gen.pick(seed||'p', v.names), demo_gen.pick(seed||'q', v.places), demo_gen.pick(seed||'n', v.nouns))
      WHEN 2 THEN format('When the %s is %s, the server %s every %s it touches.', demo_gen.pick(seed||'n', v.nouns), demo_gen.pick(seed||'a', v.adjs), demo_gen.pick(seed||'v', v.verbs), demo_gen.pick(seed||'m', v.nouns))
      WHEN 3 THEN format('The %s setting takes effect after a reload; %s reports its current value.', replace(demo_gen.pick(seed||'n', v.nouns), ' ', '_') || '_timeout', demo_gen.pick(seed||'p', v.names))
      WHEN 4 THEN format('Since version %s.%s, a %s %s is kept on %s as well.', 2 + demo_gen.rnd(seed||'x', 3), demo_gen.rnd(seed||'y', 10), demo_gen.pick(seed||'a', v.adjs), demo_gen.pick(seed||'n', v.nouns), demo_gen.pick(seed||'q', v.places))
      ELSE format('Note that %s never %s a %s %s on its own.', demo_gen.pick(seed||'p', v.names), demo_gen.pick(seed||'v', v.verbs), demo_gen.pick(seed||'a', v.adjs), demo_gen.pick(seed||'n', v.nouns))
    END;
  ELSE
    RETURN CASE k
      WHEN 0 THEN format('The %s %s %s on Tuesday, %s told reporters.', demo_gen.pick(seed||'a', v.adjs), demo_gen.pick(seed||'n', v.nouns), demo_gen.pick(seed||'v', v.verbs), demo_gen.pick(seed||'p', v.names))
      WHEN 1 THEN format('Residents of %s %s the plan for the %s at a packed meeting.', demo_gen.pick(seed||'q', v.places), demo_gen.pick(seed||'v', v.verbs), demo_gen.pick(seed||'n', v.nouns))
      WHEN 2 THEN format('"We have waited %s years for a %s %s," said %s.', 2 + demo_gen.rnd(seed||'y', 30), demo_gen.pick(seed||'a', v.adjs), demo_gen.pick(seed||'n', v.nouns), demo_gen.pick(seed||'p', v.names))
      WHEN 3 THEN format('The cost of the %s rose to %s million, almost %s%% above the first estimate.', demo_gen.pick(seed||'n', v.nouns), 2 + demo_gen.rnd(seed||'c', 80), 5 + demo_gen.rnd(seed||'d', 60))
      WHEN 4 THEN format('Work near %s is expected to finish before the %s reopens in spring.', demo_gen.pick(seed||'q', v.places), demo_gen.pick(seed||'m', v.nouns))
      ELSE format('Critics say the %s %s was %s too quickly and without enough consultation.', demo_gen.pick(seed||'a', v.adjs), demo_gen.pick(seed||'n', v.nouns), demo_gen.pick(seed||'v', v.verbs))
    END;
  END IF;
END $$;

-- "a experimental" -> "an experimental"
CREATE FUNCTION demo_gen.sentence(s text, seed text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT AS
$$ SELECT regexp_replace(demo_gen.raw_sentence(s, seed), '\m([Aa]) ([aeiouAEIOU])', '\1n \2', 'g') $$;

-- para(site, seed, n): n sentences
CREATE FUNCTION demo_gen.para(s text, seed text, n int) RETURNS text
LANGUAGE sql IMMUTABLE STRICT AS
$$ SELECT string_agg(demo_gen.sentence(s, seed || ':' || i), ' ' ORDER BY i) FROM generate_series(1, n) i $$;

-- title(site, seed)
CREATE FUNCTION demo_gen.title(s text, seed text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE v demo_gen.vocab;
BEGIN
  SELECT * INTO v FROM demo_gen.vocab WHERE site = s;
  RETURN CASE s
    WHEN 'recipes.example' THEN initcap(format('%s %s with %s and %s', demo_gen.pick(seed||'a', v.adjs), demo_gen.pick(seed||'n', v.nouns), demo_gen.pick(seed||'m', v.nouns), demo_gen.pick(seed||'o', v.nouns)))
    WHEN 'docs.example' THEN initcap(format('%s %s', demo_gen.pick(seed||'a', v.adjs), demo_gen.pick(seed||'n', v.nouns))) || format(': how %s %s it', demo_gen.pick(seed||'p', v.names), demo_gen.pick(seed||'v', v.verbs))
    ELSE initcap(format('%s %s %s', demo_gen.pick(seed||'p', v.places), demo_gen.pick(seed||'n', v.nouns), demo_gen.pick(seed||'v', v.verbs)))
         || format(' after %s %s', demo_gen.pick(seed||'a', v.adjs), demo_gen.pick(seed||'m', v.nouns) || ' vote')
  END;
END $$;

-- body(site, i): the page's main content; its shape and length vary with the page
CREATE FUNCTION demo_gen.body(s text, i int) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE seed text := s || '/' || i; v demo_gen.vocab; out text := ''; j int; np int;
BEGIN
  SELECT * INTO v FROM demo_gen.vocab WHERE site = s;
  np := 1 + demo_gen.rnd(seed || 'np', 7);                 -- 1..7 paragraphs
  out := format('<p class="lead">%s</p>', demo_gen.para(s, seed || 'lead', 2));
  FOR j IN 1 .. np LOOP
    IF j > 1 AND demo_gen.rnd(seed || 'h' || j, 3) = 0 THEN
      out := out || format(E'\n<h2>%s</h2>', initcap(demo_gen.pick(seed||'ha'||j, v.adjs) || ' ' || demo_gen.pick(seed||'hn'||j, v.nouns)));
    END IF;
    out := out || format(E'\n<p>%s</p>', demo_gen.para(s, seed || 'p' || j, 2 + demo_gen.rnd(seed || 'ns' || j, 5)));
    IF j = 1 AND s = 'recipes.example' THEN               -- every recipe: ingredients, method
      out := out || E'\n<h2>Ingredients</h2>\n<ul class="ingredients">'
        || (SELECT string_agg(format('<li>%s g %s</li>', 25 * (1 + demo_gen.rnd(seed||'q'||k, 16)), demo_gen.pick(seed||'i'||k, v.nouns)), '' ORDER BY k)
            FROM generate_series(1, 4 + demo_gen.rnd(seed || 'ni', 6)) k)
        || E'</ul>\n<h2>Method</h2>\n<ol>'
        || (SELECT string_agg(format('<li>%s</li>', demo_gen.sentence(s, seed||'st'||k)), '' ORDER BY k)
            FROM generate_series(1, 3 + demo_gen.rnd(seed || 'nm', 5)) k)
        || '</ol>';
    ELSIF j = 2 AND s = 'docs.example' THEN                -- docs: code and a parameter table
      out := out || format(E'\n<pre><code>$ %s --%s %s\n%s: ok (%s ms)</code></pre>',
               demo_gen.pick(seed||'cp', v.names), replace(demo_gen.pick(seed||'cn', v.nouns), ' ', '-'),
               demo_gen.pick(seed||'ca', v.adjs), demo_gen.pick(seed||'cm', v.nouns), 3 + demo_gen.rnd(seed||'ms', 900))
        || E'\n<table class="params"><tr><th>Parameter</th><th>Default</th><th>Description</th></tr>'
        || (SELECT string_agg(format('<tr><td><code>%s</code></td><td>%s</td><td>%s</td></tr>',
                     replace(demo_gen.pick(seed||'tp'||k, v.nouns), ' ', '_') || '_' || demo_gen.pick(seed||'tq'||k, '{limit,size,mode,interval,level}'::text[]),
                     demo_gen.pick(seed||'td'||k, '{on,off,64MB,30s,1000,auto}'::text[]),
                     demo_gen.sentence(s, seed||'tx'||k)), '' ORDER BY k)
            FROM generate_series(1, 2 + demo_gen.rnd(seed || 'nt', 5)) k)
        || '</table>';
    ELSIF j = 2 AND demo_gen.rnd(seed || 'list', 2) = 0 THEN   -- some news pages: a list
      out := out || E'\n<ul>'
        || (SELECT string_agg(format('<li>%s</li>', demo_gen.sentence(s, seed||'li'||k)), '' ORDER BY k)
            FROM generate_series(1, 2 + demo_gen.rnd(seed || 'nl', 4)) k)
        || '</ul>';
    ELSIF j = 3 AND s = 'news.example' AND demo_gen.rnd(seed || 'tab', 3) = 0 THEN
      out := out || E'\n<table><caption>Votes by ward</caption><tr><th>Ward</th><th>For</th><th>Against</th></tr>'
        || (SELECT string_agg(format('<tr><td>%s</td><td>%s</td><td>%s</td></tr>', demo_gen.pick(seed||'w'||k, v.places),
                     demo_gen.rnd(seed||'f'||k, 900), demo_gen.rnd(seed||'g'||k, 900)), '' ORDER BY k)
            FROM generate_series(1, 3 + demo_gen.rnd(seed || 'nw', 3)) k)
        || '</table>';
    END IF;
  END LOOP;
  RETURN out;
END $$;

-- The three templates.  %1$s title, %2$s nav items, %3$s date, %4$s body,
-- %5$s session id, %6$s per-site extra (sidebar TOC for docs, byline for news)
CREATE TABLE demo_gen.site (host text PRIMARY KEY, sections text[], tpl text);
INSERT INTO demo_gen.site VALUES
('news.example', '{Local,Business,Sports,Culture,Weather,Opinion}', $html$<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>%1$s | The Riverside Courier</title>
<link rel="stylesheet" href="/static/courier.css"><script>window.dataLayer = window.dataLayer || []; dataLayer.push({page: "article"});</script></head>
<body>
<header class="masthead"><a class="logo" href="/">The Riverside Courier</a> <span class="tagline">News from the valley since 1921</span>
<a class="account" href="/account?sid=%5$s">Sign in</a> <a class="subscribe" href="/subscribe">Subscribe from 1 € a week</a></header>
<nav class="main-nav"><ul><li><a href="/">Home</a></li>%2$s</ul></nav>
<div class="layout">
<main><article><h1>%1$s</h1>
<p class="byline">By %6$s · <time>%3$s</time></p>
%4$s
<p class="share">Share this article: <a href="#">Email</a> <a href="#">Facebook</a> <a href="#">Mastodon</a></p>
</article></main>
<aside class="sidebar">
<section><h2>Most read</h2><ol><li><a href="/local/ferry">Ferry timetable changes from April</a></li><li><a href="/sports/derby">Derby ends in late drama at Mill Lane</a></li><li><a href="/culture/jazz">Jazz week returns to the Old Town</a></li><li><a href="/business/bakery">Family bakery celebrates 100 years</a></li></ol></section>
<section class="newsletter"><h2>Morning briefing</h2><p>The day's top stories from the valley, in your inbox at 7 am.</p><form action="/newsletter"><input name="email" placeholder="Email address"><button>Sign up</button></form></section>
</aside>
</div>
<footer><p>© 2024 Riverside Courier Ltd. All rights reserved. Registered in the valley, company no. 0481516.</p>
<ul><li><a href="/about">About us</a></li><li><a href="/contact">Contact</a></li><li><a href="/privacy">Privacy policy</a></li><li><a href="/terms">Terms of use</a></li><li><a href="/advertise">Advertise with us</a></li></ul></footer>
</body></html>
$html$),
('recipes.example', '{Breakfast,Mains,Soups,Baking,Desserts,Drinks}', $html$<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>%1$s - Copper Pot Kitchen</title><style>body{font-family:Georgia,serif}</style></head>
<body>
<div id="top"><div class="brand"><a href="/"><img src="/img/pot.png" alt="">Copper Pot Kitchen</a><p>Honest food from a small kitchen</p></div>
<div class="menu"><a href="/">Home</a> %2$s <a href="/about">About</a></div></div>
<div id="wrap">
<div id="content"><div class="post">
<h1 class="post-title">%1$s</h1>
<div class="post-meta">Posted on %3$s in %6$s · <a href="#comments">12 comments</a></div>
<div class="entry">
%4$s
</div>
<div class="jump"><a href="#top">Jump to recipe</a> · <a href="javascript:print()">Print recipe</a></div>
</div></div>
<div id="sidebar">
<div class="widget"><h3>Hello, I'm Clara</h3><p>I cook simple seasonal food for my family and write it all down here. Everything on this blog has been tested at least three times in my own kitchen.</p></div>
<div class="widget"><h3>Categories</h3><ul><li><a href="/c/quick">Quick weeknight dinners</a></li><li><a href="/c/veg">Vegetarian</a></li><li><a href="/c/bread">Bread and baking</a></li><li><a href="/c/jams">Jams and preserves</a></li></ul></div>
<div class="widget"><h3>Never miss a recipe</h3><p>Get new recipes by email every Friday.</p><a class="btn" href="/subscribe?ref=%5$s">Subscribe</a></div>
</div>
</div>
<div id="footer">Copper Pot Kitchen © 2019–2024 · <a href="/privacy">Privacy</a> · <a href="/disclosure">Affiliate disclosure</a> · Theme by Simmer</div>
</body></html>
$html$),
('docs.example', '{Guide,Reference,Tutorials,FAQ,Changelog,Community}', $html$<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>%1$s — Lumen DB 3.2 documentation</title><script src="/_static/search.js"></script></head>
<body class="docs">
<div class="topbar"><a class="project" href="/">Lumen DB</a> <select class="version"><option>3.2 (stable)</option><option>3.3 (dev)</option><option>2.9</option></select>
<form class="search" action="/search.html"><input type="text" name="q" placeholder="Search the docs"></form></div>
<div class="tabs">%2$s</div>
<div class="body-wrapper">
<div class="sphinxsidebar"><h3>Contents</h3><ul>%6$s</ul>
<h3>This page</h3><p><a href="/_sources/page.txt?s=%5$s">Show source</a> · <a href="https://example.invalid/edit">Edit on the forge</a></p></div>
<div class="document" role="main">
<div class="section"><h1>%1$s</h1>
%4$s
</div>
<p class="last-updated">Last updated: %3$s</p>
</div></div>
<div class="footer">© Copyright 2015–2024, the Lumen DB contributors. Created using a static site generator. Licensed under CC BY 4.0.</div>
</body></html>
$html$);

-- pages: one row per (site, page); fetched one after another, a few hours apart
CREATE TABLE pages (url text PRIMARY KEY, host text NOT NULL, html text NOT NULL,
                    fetched_at timestamptz NOT NULL);

INSERT INTO pages
SELECT format('https://%s/%s/%s-%s.html', s.host, lower(sec), trim(BOTH '-' FROM regexp_replace(lower(t.title), '[^a-z0-9]+', '-', 'g')), i) AS url,
       s.host,
       format(s.tpl,
              t.title,
              -- navigation: the page's own section is "active"
              (SELECT string_agg(CASE WHEN s.host = 'docs.example'
                                        THEN format('<a class="tab%s" href="/%s/">%s</a>', CASE WHEN x = sec THEN ' active' END, lower(x), x)
                                      WHEN s.host = 'recipes.example'
                                        THEN format('<a%s href="/%s/">%s</a>', CASE WHEN x = sec THEN ' class="current"' END, lower(x), x)
                                      ELSE format('<li%s><a href="/%s/">%s</a></li>', CASE WHEN x = sec THEN ' class="active"' END, lower(x), x) END,
                                 ' ' ORDER BY o)
                 FROM unnest(s.sections) WITH ORDINALITY AS n(x, o)),
              to_char(d, CASE s.host WHEN 'news.example' THEN 'FMDay FMDD FMMonth YYYY, HH24:MI'
                                     WHEN 'recipes.example' THEN 'FMMonth FMDD, YYYY' ELSE 'YYYY-MM-DD' END),
              demo_gen.body(s.host, i),
              left(md5(s.host || i || 'sid'), 16),
              CASE s.host
                WHEN 'news.example' THEN demo_gen.pick(s.host || i || 'by', v.names)
                WHEN 'recipes.example' THEN sec
                -- docs: a contents tree with the current page marked
                ELSE (SELECT string_agg(format('<li class="toctree-l1%s"><a href="/%s.html">%s</a></li>',
                                               CASE WHEN k = 1 + i % 8 THEN ' current' END, k, initcap(n)), '' ORDER BY k)
                      FROM unnest(v.nouns[1:8]) WITH ORDINALITY AS c(n, k))
              END),
       d + interval '3 hours' * i AS fetched_at
FROM demo_gen.site s
JOIN demo_gen.vocab v ON v.site = s.host
CROSS JOIN generate_series(1, :pages_per_site) AS i
CROSS JOIN LATERAL (SELECT s.sections[1 + demo_gen.rnd(s.host || i || 'sec', cardinality(s.sections))] AS sec,
                           demo_gen.title(s.host, s.host || '/' || i) AS title,
                           timestamptz '2024-03-01 08:00+00' + interval '1 day' * i
                             + interval '1 minute' * demo_gen.rnd(s.host || i || 'min', 600) AS d) AS t;

SET client_min_messages = warning;
DROP SCHEMA demo_gen CASCADE;
RESET client_min_messages;
