-- The extension installs, and every object it creates is documented and
-- declared with the volatility / strictness / parallel safety it promises.
CREATE EXTENSION templatedet;

-- every function, aggregate, type and cast of the extension has a COMMENT
SELECT pg_describe_object(classid, objid, 0) AS undocumented
FROM pg_depend
WHERE refclassid = 'pg_extension'::regclass
  AND refobjid = (SELECT oid FROM pg_extension WHERE extname = 'templatedet')
  AND deptype = 'e'
  AND obj_description(objid, classid::regclass::name) IS NULL
ORDER BY 1;

-- the SQL surface: signature, kind, volatility, strictness, parallel safety
SELECT p.oid::regprocedure AS function, p.prokind AS kind,
       p.provolatile AS vol, p.proisstrict AS strict, p.proparallel AS par,
       pg_get_function_result(p.oid) AS returns
FROM pg_proc p
JOIN pg_depend d ON d.objid = p.oid AND d.classid = 'pg_proc'::regclass AND d.deptype = 'e'
WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'templatedet')
ORDER BY p.proname, p.oid::regprocedure::text;

-- the aggregates run in parallel (a combine function); template_profile's state is
-- a tdprofile, not internal, so Citus can split it across workers too (a state of
-- type internal needs serialize and deserialize functions, and Citus pulls the rows)
SELECT aggfnoid::regprocedure, aggtranstype::regtype, aggcombinefn::regprocedure,
       aggserialfn, aggdeserialfn
FROM pg_aggregate
WHERE aggfnoid::regprocedure::text LIKE 'template_profile%'
ORDER BY 1::text;

-- settings exist with their defaults, and the prefix is reserved
SELECT name, setting, unit, context, vartype, min_val, max_val
FROM pg_settings WHERE name LIKE 'templatedet.%' ORDER BY name;
SET templatedet.no_such_setting = 1;
