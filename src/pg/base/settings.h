/*
 * settings.h — the module's settings (templatedet.*, settings.c), read at
 * the start of each call.
 */
#ifndef TD_PG_SETTINGS_H
#define TD_PG_SETTINGS_H

extern int	td_guc_max_page_bytes;
extern int	td_guc_max_nodes;
extern int	td_guc_max_depth;
extern double td_guc_profile_error;
extern int	td_guc_profile_capacity;
extern int	td_guc_profile_dedup_pages;
extern int	td_guc_on_error;

/* templatedet.on_error */
#define TD_ON_ERROR_ERROR	0
#define TD_ON_ERROR_SKIP	1

#endif							/* TD_PG_SETTINGS_H */
