\echo Use "CREATE EXTENSION templatedet" to load this file. \quit

-- This script is assembled by the Makefile from sql/install/*.sql, one piece per
-- method in this order: header, base, site, page, dedup, sandwich, menu, warc, meta.  Edit the
-- pieces, never the assembled file.  Each object is created once, with its
-- COMMENT beside it.
--
-- Volatility.  The page functions below are IMMUTABLE: their result depends
-- only on their arguments.  The settings they read are of two kinds:
-- templatedet.max_page_bytes / max_nodes only turn oversized input into an
-- ERROR, never into a different result; templatedet.max_depth changes the
-- tree of pages nested deeper than it, and is therefore superuser-only, an
-- installation decision like a text search configuration (change it, then
-- rebuild indexes over these functions).  The aggregates' transition
-- functions are STABLE: templatedet.profile_error and profile_capacity decide
-- what a new profile keeps.
--
-- COST: a function that parses a page costs about a millisecond per page,
-- thousands of times a plain operator; saying so lets the planner choose
-- parallel plans and evaluate cheap filters first.
