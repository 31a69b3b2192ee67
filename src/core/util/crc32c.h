/*
 * crc32c.h — CRC-32C (Castagnoli, reflected polynomial 0x82F63B78, initial
 * value and final xor 0xFFFFFFFF), the checksum of the profile format
 * (site/profile_format.h).  Check value: crc32c("123456789") = 0xE3069283.
 * It detects every error burst of up to 32 bits, so every single-byte change.
 */
#ifndef TD_CRC32C_H
#define TD_CRC32C_H

#include <stddef.h>
#include <stdint.h>

#define TD_CRC32C_INIT	0xFFFFFFFFu

/*
 * Extends a running CRC (start from TD_CRC32C_INIT) over len bytes; the
 * checksum is the running value xor 0xFFFFFFFF (td_crc32c_final).  Split the
 * input in as many calls as you like: the result is the same.
 */
uint32_t	td_crc32c_update(uint32_t crc, const void *data, size_t len);

/* The same by the table alone (what td_crc32c_update does without SSE 4.2): for tests. */
uint32_t	td_crc32c_update_table(uint32_t crc, const void *data, size_t len);

static inline uint32_t
td_crc32c_final(uint32_t crc)
{
	return crc ^ 0xFFFFFFFFu;
}

/* The checksum of len bytes in one call. */
static inline uint32_t
td_crc32c(const void *data, size_t len)
{
	return td_crc32c_final(td_crc32c_update(TD_CRC32C_INIT, data, len));
}

#endif							/* TD_CRC32C_H */
