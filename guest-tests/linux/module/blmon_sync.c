// SPDX-License-Identifier: GPL-2.0
/*
 * All counters at once (spec 3.5), the way Gator does it (Appendix B):
 * HVC_GET_COUNTERS_SIZE once, a buffer of that size, then
 * HVC_SYNC_PMU_COUNTERS with the buffer's physical address.
 *
 *   counters_size  read: the monitor's HVC_GET_COUNTERS_SIZE
 *   sync           write: groups of five numbers, one per counter entry:
 *                    cluster_id selected_counter request_code event_type reset_value
 *                  (empty = header only); runs the call at once.
 *                  read: the last successful call's results,
 *                    "active_cluster_id N", then per entry
 *                    "cluster_id selected_counter event_type counter_value"
 *
 * The buffer is kmalloc'd (physically contiguous, in the linear map, so
 * virt_to_phys is its address for the monitor) and only used under sync_lock.
 */
#include <linux/fs.h>
#include <linux/io.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "bl_pmu_abi.h"
#include "blmon_guest.h"

#define SYNC_FIELDS 5                   /* numbers written per entry */
#define SYNC_MAX_BYTES (64 * 1024)      /* sanity bound on the monitor's size */
#define SYNC_TEXT_PER_ENTRY 48          /* "1 15 0xffffffff 0xffffffff\n" + slack */

static DEFINE_MUTEX(sync_lock);
static struct descriptor *sync_buf;
static u32 sync_size;                   /* bytes, from HVC_GET_COUNTERS_SIZE */
static u32 sync_max_entries;
static int sync_done_entries = -1;      /* entries of the last good call, -1: none */

static int size_get(void *data, u64 *val)
{
	*val = sync_size;
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(size_fops, size_get, NULL, "%llu\n");

/* Parses "c s r e v ..." into the entries after the header; returns their count. */
static int sync_parse(char *text, struct descriptor *d, u32 max_entries)
{
	u32 vals[SYNC_FIELDS];
	int n = 0, f = 0;
	char *tok;

	while ((tok = strsep(&text, " \t\n,;")) != NULL) {
		if (!*tok)
			continue;
		if (kstrtou32(tok, 0, &vals[f]))
			return -EINVAL;
		if (++f < SYNC_FIELDS)
			continue;
		f = 0;
		if (n == max_entries)
			return -E2BIG;          /* would run past the buffer */
		n++;
		d[n].counter.cluster_id = vals[0];
		d[n].counter.selected_counter = vals[1];
		d[n].counter.request_code = vals[2];
		d[n].counter.event_type = vals[3];
		d[n].counter.reset_value = vals[4];
		d[n].counter.counter_value = 0;
	}
	return f ? -EINVAL : n;
}

static ssize_t sync_write(struct file *file, const char __user *ubuf,
			  size_t len, loff_t *ppos)
{
	size_t max_text = (size_t)sync_max_entries * SYNC_FIELDS * 12 + 64;
	phys_addr_t phys = virt_to_phys(sync_buf);
	char *text;
	int n, err;

	if (len > max_text)
		return -E2BIG;
	text = memdup_user_nul(ubuf, len);
	if (IS_ERR(text))
		return PTR_ERR(text);
	mutex_lock(&sync_lock);
	memset(sync_buf, 0, sync_size);
	n = sync_parse(text, sync_buf, sync_max_entries);
	if (n < 0) {
		err = n;
	} else {
		sync_buf[0].header.entries = n;
		err = blmon_errno((u32)hvc(HVC_SYNC_PMU_COUNTERS, (u32)phys));
	}
	sync_done_entries = err ? -1 : n;
	mutex_unlock(&sync_lock);
	kfree(text);
	return err ? err : (ssize_t)len;
}

static ssize_t sync_read(struct file *file, char __user *ubuf, size_t len,
			 loff_t *ppos)
{
	size_t cap = (size_t)(sync_max_entries + 1) * SYNC_TEXT_PER_ENTRY;
	size_t used = 0;
	ssize_t ret;
	char *text;
	int i;

	text = kmalloc(cap, GFP_KERNEL);
	if (!text)
		return -ENOMEM;
	mutex_lock(&sync_lock);
	if (sync_done_entries >= 0)
		used = scnprintf(text, cap, "active_cluster_id %u\n",
				 sync_buf[0].header.active_cluster_id);
	for (i = 1; i <= sync_done_entries; i++) {
		const struct counter_ *c = &sync_buf[i].counter;

		used += scnprintf(text + used, cap - used, "%u %u 0x%x 0x%x\n",
				  c->cluster_id, c->selected_counter,
				  c->event_type, c->counter_value);
	}
	mutex_unlock(&sync_lock);
	ret = simple_read_from_buffer(ubuf, len, ppos, text, used);
	kfree(text);
	return ret;
}

static const struct file_operations sync_fops = {
	.owner = THIS_MODULE,
	.read = sync_read,
	.write = sync_write,
	.llseek = default_llseek,
};

int blmon_sync_init(struct dentry *dir)
{
	sync_size = (u32)hvc(HVC_GET_COUNTERS_SIZE);
	if (sync_size < 2 * sizeof(struct descriptor) || sync_size > SYNC_MAX_BYTES ||
	    sync_size % sizeof(struct descriptor)) {
		pr_err("blmon: HVC_GET_COUNTERS_SIZE returned %u\n", sync_size);
		return -EIO;
	}
	sync_max_entries = sync_size / sizeof(struct descriptor) - 1;
	sync_buf = kmalloc(sync_size, GFP_KERNEL);
	if (!sync_buf)
		return -ENOMEM;
	/* The ABI passes a 32-bit physical address. */
	if (virt_to_phys(sync_buf) > U32_MAX) {
		kfree(sync_buf);
		sync_buf = NULL;
		return -EIO;
	}
	debugfs_create_file_unsafe("counters_size", 0400, dir, NULL, &size_fops);
	debugfs_create_file("sync", 0600, dir, NULL, &sync_fops);
	return 0;
}

void blmon_sync_exit(void)
{
	kfree(sync_buf);
	sync_buf = NULL;
}
