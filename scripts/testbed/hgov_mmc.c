// SPDX-License-Identifier: GPL-2.0
/*
 * The eMMC model of the virtual R-Car H3 board: /dev/mmcblk0, a RAM-backed
 * blk-mq disk whose throughput depends on CPU speed the way the H3's
 * on-board eMMC does behind its SDHI host (scripts/testbed/README.md,
 * "Storage: the eMMC model").
 *
 * - One command at a time, as a host without command queueing (CQE)
 *   serves it: the device takes the next request only after the CPU has
 *   handled the last one's completion (interrupt, BLOCK softirq), as the
 *   mmc core starts the next request once the last one is done.
 * - Device time on the guest clock: lat_us per request plus the transfer
 *   at read_mbps or write_mbps, from an hrtimer on irq_cpu (cpu0, the CPU
 *   the SDHI interrupt goes to on the H3). The device time starts when the
 *   request is taken, as the host starts a command on the register write
 *   of the CPU that issues it; a request issued elsewhere reaches irq_cpu
 *   by IPI only to arm the hrtimer at that end time. So irq_cpu's wake-up
 *   (its idle exit) overlaps the device time, as the H3's cpu0 waking for
 *   the command-response interrupt does, instead of delaying it. The
 *   hrtimer raises the model's own interrupt (an irq descriptor, "hgov_mmc"
 *   in /proc/interrupts), handled there as the SDHI's is: whatever
 *   watches device interrupts (irq_handler_entry) sees it.
 * - CPU work where the real stack spends it: issue_ns on the issuing CPU
 *   (mmc core, SDHI registers, DMA mapping and its cache maintenance) and
 *   done_ns in the completion interrupt on irq_cpu (SDHI status, DMA
 *   unmapping, mmc core), both as native execution that the test-bed
 *   driver's frequency emulation slows down, on an idle CPU too. The rest
 *   of the completion (BLOCK softirq, bio_endio, page unlock, wake-ups) is
 *   the kernel's own, from blk_mq_complete_request().
 * - A volatile write cache: writes are acknowledged from it; a flush, and
 *   every FUA write, costs flush_us of device time.
 *
 * Each constant's default was calibrated on the board against the R-Car
 * H3 bonnie++ report (scripts/testbed/README.md). Not a product file.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/blk-mq.h>
#include <linux/blkdev.h>
#include <linux/highmem.h>
#include <linux/hrtimer.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/module.h>
#include <linux/sched/clock.h>
#include <linux/smp.h>
#include <linux/vmalloc.h>
#include <linux/workqueue.h>

#include "compat.h"
#include "loop.h"

static unsigned int max_kb = 256;
module_param(max_kb, uint, 0444);
MODULE_PARM_DESC(max_kb, "largest request in KiB, 4-512 (default 256, the H3's SDHI under swiotlb; an ADMA host's max_req_size: 512)");

static unsigned int done_hops = 2;
module_param(done_hops, uint, 0444);
MODULE_PARM_DESC(done_hops, "how a completion reaches the block layer: 2 through a tasklet and a kworker on irq_cpu, as the SDHI's tmio driver does (default), 0 from the interrupt");

static unsigned int size_mb = 384;
module_param(size_mb, uint, 0444);
MODULE_PARM_DESC(size_mb, "capacity in MiB, held in RAM (default 384)");

static unsigned int lat_us = 200;
module_param(lat_us, uint, 0444);
MODULE_PARM_DESC(lat_us, "device time of every command in us (default 200)");

static unsigned int read_mbps = 300;
module_param(read_mbps, uint, 0444);
MODULE_PARM_DESC(read_mbps, "device transfer rate of reads in MB/s (default 300)");

static unsigned int write_mbps = 275;
module_param(write_mbps, uint, 0444);
MODULE_PARM_DESC(write_mbps, "device transfer rate of writes into the cache in MB/s (default 275)");

static unsigned int flush_us = 2000;
module_param(flush_us, uint, 0444);
MODULE_PARM_DESC(flush_us, "device time of a cache flush or FUA write in us (default 2000)");

static unsigned int issue_ns;
module_param(issue_ns, uint, 0444);
MODULE_PARM_DESC(issue_ns, "native CPU work of issuing a request in ns (default 0)");

static unsigned int done_ns = 19000;
module_param(done_ns, uint, 0444);
MODULE_PARM_DESC(done_ns, "native CPU work of a completion interrupt in ns (default 19000)");

static unsigned int irq_cpu;
module_param(irq_cpu, uint, 0444);
MODULE_PARM_DESC(irq_cpu, "CPU that takes the completion interrupts (default 0)");

/**
 * struct tb_mmc_cmd - one request's state (the request's PDU)
 * @node: place in tb_mmc.queue while it waits for the device
 * @dev_ns: device time it needs
 * @status: its result
 */
struct tb_mmc_cmd {
	struct list_head	node;
	u64			dev_ns;
	blk_status_t		status;
};

/**
 * struct tb_mmc - the model
 * @lock: protects @queue, @cur and @busy; taken from ->queue_rq (any CPU,
 *	IRQs on) and from @next (softirq), hence irqsave
 * @queue: requests issued, waiting for the device
 * @cur: the request in the device; written under @lock before @csd is
 *	queued (the IPI orders it), read on irq_cpu
 * @cur_end: when @cur's device time ends, CLOCK_MONOTONIC ns; written with
 *	@cur and ordered the same way
 * @busy: a request is in the device, on its way there, or just completed
 *	with its successor not taken yet: queue_rq() starts the device only
 *	when this is clear
 * @timer: end of @cur's device time, pinned to irq_cpu
 * @irq: the completion interrupt, raised by @timer
 * @csd: starts @cur on irq_cpu; queued once per request taken from
 *	@queue, which happens again only after @timer completed it
 * @next: takes the next request once the last one's completion ran
 * @dma_done: done_hops=2: the DMA-end bottom half, which queues @done
 * @done: done_hops=2: the host's done work, which completes @cur (the
 *	next request is taken only after that completion)
 * @data: the medium
 * @set: tag set, one hardware queue
 * @disk: mmcblk0
 * @major: its block major
 */
struct tb_mmc {
	/* Protects @queue, @cur and @busy: queue_rq() and @next, irqsave. */
	spinlock_t		lock;
	struct list_head	queue;
	struct request		*cur;
	u64			cur_end;
	bool			busy;
	struct hrtimer		timer;
	int			irq;
	call_single_data_t	csd;
	struct tasklet_struct	next;
	struct tasklet_struct	dma_done;
	struct work_struct	done;
	u8			*data;
	struct blk_mq_tag_set	set;
	struct gendisk		*disk;
	int			major;
};

static struct tb_mmc tb_mmc;
static unsigned long tb_mmc_loops_per_us;

/* @ns of native CPU work (loop.h), which the frequency emulation stretches. */
static void tb_mmc_work(unsigned int ns)
{
	tb_loop(div_u64((u64)ns * tb_mmc_loops_per_us, NSEC_PER_USEC));
}

/* Device time of @rq: command, transfer, and the flush it asks for. */
static u64 tb_mmc_dev_ns(struct request *rq)
{
	u64 bytes = blk_rq_bytes(rq), ns = (u64)lat_us * NSEC_PER_USEC;

	switch (req_op(rq)) {
	case REQ_OP_READ:
		ns += div_u64(bytes * 1000, max(read_mbps, 1U));
		break;
	case REQ_OP_WRITE:
		ns += div_u64(bytes * 1000, max(write_mbps, 1U));
		if (rq->cmd_flags & REQ_FUA)
			ns += (u64)flush_us * NSEC_PER_USEC;
		break;
	case REQ_OP_FLUSH:
		ns += (u64)flush_us * NSEC_PER_USEC;
		break;
	default:
		break;
	}
	return ns;
}

/* Move @rq's data between its pages and the medium. */
static blk_status_t tb_mmc_transfer(struct tb_mmc *m, struct request *rq)
{
	u64 pos = (u64)blk_rq_pos(rq) << SECTOR_SHIFT;
	struct req_iterator iter;
	struct bio_vec bv;

	switch (req_op(rq)) {
	case REQ_OP_READ:
	case REQ_OP_WRITE:
		break;
	case REQ_OP_FLUSH:
		return BLK_STS_OK;
	default:
		return BLK_STS_NOTSUPP;
	}
	if (pos + blk_rq_bytes(rq) > (u64)size_mb << 20)
		return BLK_STS_IOERR;
	rq_for_each_segment(bv, rq, iter) {
		if (req_op(rq) == REQ_OP_WRITE)
			memcpy_from_page(m->data + pos, bv.bv_page, bv.bv_offset, bv.bv_len);
		else
			memcpy_to_page(bv.bv_page, bv.bv_offset, m->data + pos, bv.bv_len);
		pos += bv.bv_len;
	}
	return BLK_STS_OK;
}

/* Take the first waiting request into the device; @m->lock held. */
static bool tb_mmc_take(struct tb_mmc *m)
{
	struct tb_mmc_cmd *cmd;

	if (list_empty(&m->queue)) {
		m->busy = false;
		return false;
	}
	cmd = list_first_entry(&m->queue, struct tb_mmc_cmd, node);
	list_del(&cmd->node);
	m->cur = blk_mq_rq_from_pdu(cmd);
	/* The device starts now, on whichever CPU took it. */
	m->cur_end = ktime_get_ns() + cmd->dev_ns;
	m->busy = true;
	return true;
}

/*
 * @csd's function, on irq_cpu in hard IRQ: the timer for the end of @cur's
 * device time, which started when @cur was taken. An end already past (a
 * wake-up longer than the device time) fires at once.
 */
static void tb_mmc_start(void *info)
{
	struct tb_mmc *m = info;

	hrtimer_start(&m->timer, ns_to_ktime(m->cur_end), HRTIMER_MODE_ABS_PINNED_HARD);
}

/*
 * The completion interrupt's handler, on irq_cpu in hard IRQ context
 * (IRQF_NO_THREAD, on PREEMPT_RT too, so the model's timing is the same
 * on every kernel): done_ns of host-driver work, then the request goes to
 * the block layer (BLOCK softirq).
 */
static irqreturn_t tb_mmc_irq_handler(int irq, void *dev_id)
{
	struct tb_mmc *m = dev_id;
	struct request *rq = m->cur;

	tb_mmc_work(done_ns);
	if (done_hops)
		tasklet_schedule(&m->dma_done);
	else
		blk_mq_complete_request(rq);
	return IRQ_HANDLED;
}

/* End of the device time, on irq_cpu in hard IRQ: the device interrupts. */
static enum hrtimer_restart tb_mmc_irq(struct hrtimer *timer)
{
	struct tb_mmc *m = container_of(timer, struct tb_mmc, timer);

	generic_handle_irq(m->irq);
	return HRTIMER_NORESTART;
}

/*
 * done_hops=2, the tmio driver's way: the DMA-end bottom half (a tasklet
 * in 5.10 and 6.1) queues the host's done work on a kworker of irq_cpu,
 * which hands the request to the block layer.
 */
static void tb_mmc_dma_done(struct tasklet_struct *t)
{
	struct tb_mmc *m = from_tasklet(m, t, dma_done);

	queue_work_on(irq_cpu, system_highpri_wq, &m->done);
}

static void tb_mmc_done(struct work_struct *work)
{
	struct tb_mmc *m = container_of(work, struct tb_mmc, done);

	blk_mq_complete_request(m->cur);
}

/* @next: after the completion's softirq, the device takes the next one. */
static void tb_mmc_next(struct tasklet_struct *t)
{
	struct tb_mmc *m = from_tasklet(m, t, next);
	unsigned long flags;
	bool start;

	spin_lock_irqsave(&m->lock, flags);
	start = tb_mmc_take(m);
	spin_unlock_irqrestore(&m->lock, flags);
	if (start)
		smp_call_function_single_async(irq_cpu, &m->csd);
}

static blk_status_t tb_mmc_queue_rq(struct blk_mq_hw_ctx *hctx,
				    const struct blk_mq_queue_data *bd)
{
	struct tb_mmc *m = hctx->queue->queuedata;
	struct request *rq = bd->rq;
	struct tb_mmc_cmd *cmd = blk_mq_rq_to_pdu(rq);
	unsigned long flags;
	bool start = false;

	blk_mq_start_request(rq);
	tb_mmc_work(issue_ns);
	cmd->status = tb_mmc_transfer(m, rq);
	cmd->dev_ns = tb_mmc_dev_ns(rq);

	spin_lock_irqsave(&m->lock, flags);
	list_add_tail(&cmd->node, &m->queue);
	if (!m->busy)
		start = tb_mmc_take(m);
	spin_unlock_irqrestore(&m->lock, flags);
	if (start)
		smp_call_function_single_async(irq_cpu, &m->csd);
	return BLK_STS_OK;
}

/* BLOCK softirq (or the submitter's CPU, as rq_affinity says). */
static void tb_mmc_complete(struct request *rq)
{
	struct tb_mmc_cmd *cmd = blk_mq_rq_to_pdu(rq);

	blk_mq_end_request(rq, cmd->status);
	tasklet_schedule(&tb_mmc.next);
}

static const struct blk_mq_ops tb_mmc_mq_ops = {
	.queue_rq	= tb_mmc_queue_rq,
	.complete	= tb_mmc_complete,
};

static const struct block_device_operations tb_mmc_fops = {
	.owner		= THIS_MODULE,
};

static int __init tb_mmc_init(void)
{
	struct tb_mmc *m = &tb_mmc;
	struct gendisk *disk;
	int ret;

	if (!size_mb || size_mb > 4096 || irq_cpu >= nr_cpu_ids || !cpu_online(irq_cpu) ||
	    max_kb < 4 || max_kb > 512 || (done_hops != 0 && done_hops != 2)) {
		pr_err("size_mb must be 1-4096, irq_cpu an online CPU, max_kb 4-512 and done_hops 0 or 2\n");
		return -EINVAL;
	}
	tb_mmc_loops_per_us = tb_loops_per_us(1000000);
	spin_lock_init(&m->lock);
	INIT_LIST_HEAD(&m->queue);
	tb_hrtimer_setup(&m->timer, tb_mmc_irq, CLOCK_MONOTONIC, HRTIMER_MODE_ABS_PINNED_HARD);
	m->csd.func = tb_mmc_start;
	m->csd.info = m;
	tasklet_setup(&m->next, tb_mmc_next);
	tasklet_setup(&m->dma_done, tb_mmc_dma_done);
	INIT_WORK(&m->done, tb_mmc_done);

	/* An interrupt of its own, raised only by @timer. */
	m->irq = irq_alloc_desc_from(1, NUMA_NO_NODE);
	if (m->irq < 0) {
		ret = m->irq;
		goto out;
	}
	irq_set_chip_and_handler(m->irq, &dummy_irq_chip, handle_simple_irq);
	irq_clear_status_flags(m->irq, IRQ_NOREQUEST);
	ret = request_irq(m->irq, tb_mmc_irq_handler, IRQF_NO_THREAD, "hgov_mmc", m);
	if (ret)
		goto out_free_irq_desc;

	/* Every page now: the model's memory is taken from the start. */
	m->data = vzalloc((size_t)size_mb << 20);
	if (!m->data) {
		ret = -ENOMEM;
		goto out_free_irq;
	}
	m->major = register_blkdev(0, "mmc");
	if (m->major < 0) {
		ret = m->major;
		goto out_free_data;
	}
	m->set.ops = &tb_mmc_mq_ops;
	m->set.nr_hw_queues = 1;
	/* One in the device, one prepared: the mmc core's pipeline. */
	m->set.queue_depth = 2;
	m->set.numa_node = NUMA_NO_NODE;
	m->set.cmd_size = sizeof(struct tb_mmc_cmd);
	m->set.flags = TB_MQ_FLAGS;
	ret = blk_mq_alloc_tag_set(&m->set);
	if (ret)
		goto out_unregister;
	disk = tb_alloc_disk(&m->set, m, max_kb << (10 - SECTOR_SHIFT));
	if (IS_ERR(disk)) {
		ret = PTR_ERR(disk);
		goto out_free_tags;
	}
	disk->major = m->major;
	disk->first_minor = 0;
	disk->minors = 1;
	disk->fops = &tb_mmc_fops;
	disk->private_data = m;
	strscpy(disk->disk_name, "mmcblk0", sizeof(disk->disk_name));
	set_capacity(disk, (sector_t)size_mb << (20 - SECTOR_SHIFT));
	m->disk = disk;
	ret = tb_add_disk(disk);
	if (ret)
		goto out_free_disk;
	return 0;

out_free_disk:
	tb_free_disk(disk);
out_free_tags:
	blk_mq_free_tag_set(&m->set);
out_unregister:
	unregister_blkdev(m->major, "mmc");
out_free_data:
	vfree(m->data);
out_free_irq:
	free_irq(m->irq, m);
out_free_irq_desc:
	irq_free_desc(m->irq);
out:
	pr_err("cannot create mmcblk0: %d\n", ret);
	return ret;
}

static void __exit tb_mmc_exit(void)
{
	struct tb_mmc *m = &tb_mmc;

	del_gendisk(m->disk);
	tb_free_disk(m->disk);
	blk_mq_free_tag_set(&m->set);
	unregister_blkdev(m->major, "mmc");
	hrtimer_cancel(&m->timer);
	tasklet_kill(&m->dma_done);
	flush_work(&m->done);
	tasklet_kill(&m->next);
	free_irq(m->irq, m);
	irq_free_desc(m->irq);
	vfree(m->data);
}

module_init(tb_mmc_init);
module_exit(tb_mmc_exit);
MODULE_DESCRIPTION("eMMC model of the virtual R-Car H3 board (test bed)");
MODULE_LICENSE("GPL");
