-- templatedet 0.1 -> 0.2 (ALTER EXTENSION templatedet UPDATE TO '0.2').
\echo Use "ALTER EXTENSION templatedet UPDATE TO '0.2'" to load this file. \quit

-- Nothing to change: 0.2 is the 0.1 script laid out again, one piece per method
-- (sql/install/, assembled into templatedet--0.2.sql by the Makefile), the same
-- library and the same objects with the same definitions.  The five objects 0.1
-- commented twice -- template_profile(text), template_profile_union(tdprofile),
-- profile_info(tdprofile), strip_template(text, tdprofile, float8) and
-- strip_template_html(text, tdprofile, float8) -- are commented once in 0.2, with
-- the text of 0.1's second COMMENT, the one a 0.1 install holds.  test/upgrade.sh
-- checks that a 0.1 install updated by this script has the catalog of a fresh 0.2
-- install and still reads the profiles it stored.
--
-- templatedet.control marks the extension trusted from 0.2 on (any database owner may
-- create or update it; docs/reference.md, "Security"): the flag is in the control file,
-- not in the catalog, so this script changes nothing for it either.
