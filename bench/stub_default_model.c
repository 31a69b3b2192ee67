/*
 * stub_default_model.c — td_default_model for harness builds whose feature
 * list differs from the built-in model's (features.h, TD_EXP_*): no
 * built-in model.  Link it in place of src/core/page/default_model.c.
 */
#include "page/default_model.h"

const td_logreg *
td_default_model(void)
{
	return NULL;
}
