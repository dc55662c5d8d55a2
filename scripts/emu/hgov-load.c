// SPDX-License-Identifier: GPL-2.0
/*
 * hgov-load: the loads of the emulation checks and of make bench, as one
 * static arm64 program for the virtual board. Times are CLOCK_MONOTONIC,
 * the board's own clock (guest time). Every mode prints one line of
 * key=value pairs.
 *
 *   spin ITERS                       a CPU-bound loop; its time
 *   periodic PERIOD_US ITERS SECONDS a fixed-rate task: ITERS of the loop
 *                                    every PERIOD_US; its PELT utilization
 *                                    (hgov_testbed's debugfs self_util)
 *   bursts ITERS PERIOD_MS SECONDS   CPU-bound bursts of ITERS every
 *                                    PERIOD_MS; the loop's rate in bursts
 *                                    and their total time (busy_s)
 *   randread DEV SECONDS [THINK_US]  4 KiB O_DIRECT random reads, queue
 *                                    depth 1 (fio --rw=randread --bs=4k
 *                                    --iodepth=1 --direct=1), THINK_US
 *                                    asleep after each (--thinktime);
 *                                    cpu: the CPU most of them came from
 *   deepread DEV DEPTH SECONDS       4 KiB O_DIRECT random reads kept
 *                                    DEPTH deep with Linux AIO (fio
 *                                    --ioengine=libaio --iodepth=DEPTH)
 *   deepjobs DEV DEPTH SECONDS CPUS  deepread from one process per CPU of
 *                                    CPUS (4,5,6,7), started together (fio
 *                                    --numjobs=4 --cpus_allowed=4-7
 *                                    --cpus_allowed_policy=split)
 *   fsyncw FILE SECONDS              4 KiB writes, each followed by
 *                                    fdatasync (a database's or journald's
 *                                    commit; fio --rw=write --bs=4k
 *                                    --fdatasync=1); ops/s and latency
 *   seqread FILE                     the whole file in 1 MiB reads
 *   trickle FILE SECONDS             100 bytes appended and fdatasync'd
 *                                    once a second
 *   copy SRC DST                     a file copy in 1 MiB chunks, fsync
 *                                    included
 *   now                              CLOCK_MONOTONIC in ns
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/aio_abi.h>
#include <linux/fs.h>
#include <sys/syscall.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>

#define SELF_UTIL "/sys/kernel/debug/hgov_testbed/self_util"

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static void die(const char *what)
{
	fprintf(stderr, "hgov-load: %s: %s\n", what, strerror(errno));
	exit(1);
}

static unsigned long long arg(const char *s)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno || *end || end == s) {
		fprintf(stderr, "hgov-load: bad number '%s'\n", s);
		exit(2);
	}
	return v;
}

static void spin(unsigned long long iters)
{
	unsigned long long i;

	for (i = 0; i < iters; i++)
		__asm__ volatile("" ::: "memory");
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static uint64_t pct(uint64_t *v, size_t n, unsigned int p)
{
	if (!n)
		return 0;
	qsort(v, n, sizeof(*v), cmp_u64);
	return v[(n - 1) * p / 100];
}

static long read_util(int fd)
{
	char buf[32];
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);

	if (n <= 0)
		die("read " SELF_UTIL);
	buf[n] = 0;
	return strtol(buf, NULL, 10);
}

static void sleep_until(uint64_t t)
{
	struct timespec ts = { .tv_sec = t / 1000000000ull, .tv_nsec = t % 1000000000ull };

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}

/*
 * The mean of util_avg at the start and at the end of each job over the
 * second half of the run (PELT has settled by then), and the job times.
 */
static int periodic(uint64_t period_us, unsigned long long iters, uint64_t secs)
{
	uint64_t n = secs * 1000000 / period_us, i, t0, next, late = 0;
	uint64_t *work = calloc(n, sizeof(*work));
	long long util_sum = 0;
	uint64_t samples = 0;
	int fd = open(SELF_UTIL, O_RDONLY);

	if (fd < 0)
		die(SELF_UTIL);
	if (!work)
		die("calloc");
	next = now_ns();
	for (i = 0; i < n; i++) {
		long u0 = read_util(fd), u1;

		t0 = now_ns();
		spin(iters);
		work[i] = now_ns() - t0;
		/*
		 * util_avg is brought up to date only at the tick and at
		 * enqueue and dequeue: at HZ=250 a 3 ms job may see no tick,
		 * and u1 was then the value at its wake-up. A sleep of a few
		 * microseconds dequeues and enqueues the task, so u1 is
		 * its utilization now, whatever HZ is.
		 */
		nanosleep(&(struct timespec){ .tv_nsec = 1 }, NULL);
		u1 = read_util(fd);
		if (i >= n / 2) {
			util_sum += u0 + u1;
			samples += 2;
		}
		next += period_us * 1000;
		if (now_ns() > next) {
			late++;
			next = now_ns();
		}
		sleep_until(next);
	}
	printf("jobs=%llu late=%llu util=%lld work_us_p50=%llu work_us_p99=%llu busy_pct=%llu\n",
	       (unsigned long long)n, (unsigned long long)late,
	       samples ? util_sum / (long long)samples : 0,
	       (unsigned long long)pct(work, n, 50) / 1000,
	       (unsigned long long)pct(work, n, 99) / 1000,
	       (unsigned long long)(pct(work, n, 50) / 10 / period_us));
	return 0;
}

static int bursts(unsigned long long iters, uint64_t period_ms, uint64_t secs)
{
	uint64_t n = secs * 1000 / period_ms, i, t0, busy = 0, next;
	uint64_t *t = calloc(n, sizeof(*t));

	if (!t)
		die("calloc");
	next = now_ns();
	for (i = 0; i < n; i++) {
		t0 = now_ns();
		spin(iters);
		t[i] = now_ns() - t0;
		busy += t[i];
		next += period_ms * 1000000;
		if (now_ns() < next)
			sleep_until(next);
		else
			next = now_ns();
	}
	printf("jobs=%llu miter_per_s=%.3f burst_ms_p50=%.3f burst_ms_p99=%.3f busy_s=%.6f\n",
	       (unsigned long long)n, busy ? (double)iters * n * 1000.0 / busy : 0.0,
	       pct(t, n, 50) / 1e6, pct(t, n, 99) / 1e6, busy / 1e9);
	return 0;
}

/* Append @v to the growing array @lat of *@n of *@cap entries. */
static uint64_t *lat_push(uint64_t *lat, size_t *n, size_t *cap, uint64_t v)
{
	if (*n == *cap) {
		*cap *= 2;
		lat = realloc(lat, *cap * sizeof(*lat));
		if (!lat)
			die("realloc");
	}
	lat[(*n)++] = v;
	return lat;
}

/* xorshift64: the same offsets in every run. */
static uint64_t rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static int randread(const char *dev, uint64_t secs, uint64_t think_us)
{
	int fd = open(dev, O_RDONLY | O_DIRECT);
	uint64_t size = 0, blocks, seed = 0x9e3779b97f4a7c15ull, t0, end, t;
	size_t cap = 1 << 16, n = 0;
	uint64_t *lat = malloc(cap * sizeof(*lat));
	static size_t on_cpu[CPU_SETSIZE];
	int cpu, most = 0;
	void *buf;

	if (fd < 0)
		die(dev);
	if (ioctl(fd, BLKGETSIZE64, &size) < 0) {
		struct stat st;

		if (fstat(fd, &st) < 0)
			die("fstat");
		size = st.st_size;
	}
	blocks = size / 4096;
	if (!blocks || !lat || posix_memalign(&buf, 4096, 4096))
		die("set-up");
	t0 = now_ns();
	end = t0 + secs * 1000000000ull;
	for (t = t0; t < end; ) {
		uint64_t s = t;

		if (pread(fd, buf, 4096, (off_t)(rnd(&seed) % blocks) * 4096) != 4096)
			die("pread");
		t = now_ns();
		lat = lat_push(lat, &n, &cap, t - s);
		cpu = sched_getcpu();
		if (cpu >= 0 && cpu < CPU_SETSIZE && ++on_cpu[cpu] > on_cpu[most])
			most = cpu;
		if (think_us) {
			sleep_until(t + think_us * 1000);
			t = now_ns();
		}
	}
	printf("ios=%zu iops=%.1f lat_us_p50=%.1f lat_us_p99=%.1f cpu=%d\n", n,
	       n * 1e9 / (t - t0), pct(lat, n, 50) / 1e3, pct(lat, n, 99) / 1e3, most);
	return 0;
}

#define DEEP_MAX	256
#define JOBS_MAX	64

/*
 * Random 4 KiB O_DIRECT reads of DEV, DEPTH in flight at all times (native
 * AIO), from START_NS for SECS seconds (offsets from SEED); the reads done.
 */
static uint64_t deep_run(const char *dev, unsigned int depth, uint64_t seed,
			 uint64_t start_ns, uint64_t secs)
{
	static struct iocb cb[DEEP_MAX];
	static struct iocb *cbp[DEEP_MAX];
	static struct io_event ev[DEEP_MAX];
	int fd = open(dev, O_RDONLY | O_DIRECT);
	uint64_t size = 0, blocks, end, n = 0;
	aio_context_t ctx = 0;
	char *buf;
	unsigned int i;

	if (fd < 0)
		die(dev);
	if (!depth || depth > DEEP_MAX) {
		fprintf(stderr, "hgov-load: depth 1..%d\n", DEEP_MAX);
		exit(2);
	}
	if (ioctl(fd, BLKGETSIZE64, &size) < 0)
		die("BLKGETSIZE64");
	blocks = size / 4096;
	if (!blocks || posix_memalign((void **)&buf, 4096, (size_t)depth * 4096))
		die("set-up");
	if (syscall(SYS_io_setup, depth, &ctx) < 0)
		die("io_setup");
	for (i = 0; i < depth; i++) {
		cb[i].aio_fildes = fd;
		cb[i].aio_lio_opcode = IOCB_CMD_PREAD;
		cb[i].aio_buf = (uint64_t)(uintptr_t)(buf + (size_t)i * 4096);
		cb[i].aio_nbytes = 4096;
		cb[i].aio_data = i;
		cb[i].aio_offset = (int64_t)(rnd(&seed) % blocks) * 4096;
		cbp[i] = &cb[i];
	}
	sleep_until(start_ns);
	end = start_ns + secs * 1000000000ull;
	if (syscall(SYS_io_submit, ctx, (long)depth, cbp) != (long)depth)
		die("io_submit");
	for (;;) {
		long got = syscall(SYS_io_getevents, ctx, 1L, (long)depth, ev, NULL);
		long j;

		if (got < 0)
			die("io_getevents");
		for (j = 0; j < got; j++) {
			struct iocb *c = &cb[ev[j].data];

			if (ev[j].res != 4096) {
				errno = ev[j].res < 0 ? (int)-ev[j].res : EIO;
				die("read");
			}
			n++;
			c->aio_offset = (int64_t)(rnd(&seed) % blocks) * 4096;
			cbp[j] = c;
		}
		if (now_ns() >= end)
			break;
		if (syscall(SYS_io_submit, ctx, got, cbp) != got)
			die("io_submit");
	}
	/* The rest of the queue completes with the context. */
	syscall(SYS_io_destroy, ctx);
	close(fd);
	return n;
}

/* Random 4 KiB O_DIRECT reads, DEPTH in flight at all times (native AIO). */
static int deepread(const char *dev, unsigned int depth, uint64_t secs)
{
	uint64_t t0 = now_ns(), n;

	n = deep_run(dev, depth, 0x9e3779b97f4a7c15ull, t0, secs);
	printf("ios=%llu iops=%.1f depth=%u\n", (unsigned long long)n,
	       n * 1e9 / (now_ns() - t0), depth);
	return 0;
}

/*
 * deepread from several processes at once, one bound to each CPU of
 * CPUS (a comma-separated list), each DEPTH deep on its own AIO context:
 * fio --numjobs=N --cpus_allowed_policy=split. They start together, 100 ms
 * after the last one is forked.
 */
static int deepjobs(const char *dev, unsigned int depth, uint64_t secs,
		    const char *cpus)
{
	unsigned int cpu[JOBS_MAX], jobs = 0, i;
	uint64_t t0, n = 0;
	const char *p = cpus;
	int fds[2];

	while (*p && jobs < JOBS_MAX) {
		char *end;

		errno = 0;
		cpu[jobs++] = strtoul(p, &end, 10);
		if (errno || end == p || (*end && *end != ',')) {
			fprintf(stderr, "hgov-load: bad CPU list '%s'\n", cpus);
			exit(2);
		}
		p = *end ? end + 1 : end;
	}
	if (!jobs || *p || pipe(fds) < 0) {
		fprintf(stderr, "hgov-load: CPU list '%s': 1..%d CPUs\n", cpus, JOBS_MAX);
		exit(2);
	}
	t0 = now_ns() + 100000000ull * jobs;
	for (i = 0; i < jobs; i++) {
		pid_t pid = fork();
		cpu_set_t set;

		if (pid < 0)
			die("fork");
		if (pid)
			continue;
		CPU_ZERO(&set);
		CPU_SET(cpu[i], &set);
		if (sched_setaffinity(0, sizeof(set), &set) < 0)
			die("sched_setaffinity");
		n = deep_run(dev, depth, 0x9e3779b97f4a7c15ull + i, t0, secs);
		if (write(fds[1], &n, sizeof(n)) != sizeof(n))
			die("write");
		_exit(0);
	}
	close(fds[1]);
	for (i = 0; i < jobs; i++) {
		uint64_t got;
		int status;

		if (wait(&status) < 0)
			die("wait");
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			exit(1);
		if (read(fds[0], &got, sizeof(got)) != sizeof(got))
			die("read");
		n += got;
	}
	printf("jobs=%u ios=%llu iops=%.1f depth=%u\n", jobs, (unsigned long long)n,
	       n * 1e9 / (now_ns() - t0), depth * jobs);
	return 0;
}

/* 4 KiB writes at increasing offsets, each committed with fdatasync. */
static int fsyncw(const char *path, uint64_t secs)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	uint64_t t0, end, t, off = 0;
	size_t cap = 1 << 14, n = 0;
	uint64_t *lat = malloc(cap * sizeof(*lat));
	static char buf[4096];

	if (fd < 0)
		die(path);
	if (!lat)
		die("malloc");
	memset(buf, 'x', sizeof(buf));
	t0 = now_ns();
	end = t0 + secs * 1000000000ull;
	for (t = t0; t < end; ) {
		uint64_t s = t;

		if (pwrite(fd, buf, sizeof(buf), (off_t)off) != sizeof(buf))
			die("pwrite");
		if (fdatasync(fd) < 0)
			die("fdatasync");
		off = (off + sizeof(buf)) % (16u << 20);
		t = now_ns();
		lat = lat_push(lat, &n, &cap, t - s);
	}
	printf("ops=%zu ops_per_s=%.1f lat_ms_p50=%.3f lat_ms_p99=%.3f\n", n,
	       n * 1e9 / (t - t0), pct(lat, n, 50) / 1e6, pct(lat, n, 99) / 1e6);
	return close(fd) < 0 ? 1 : 0;
}

/* The whole file in 1 MiB reads. */
static int seqread(const char *path)
{
	int fd = open(path, O_RDONLY);
	static char buf[1 << 20];
	uint64_t t0 = now_ns(), bytes = 0, t;
	ssize_t n;

	if (fd < 0)
		die(path);
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		bytes += n;
	if (n < 0)
		die("read");
	t = now_ns() - t0;
	printf("bytes=%llu ms=%.1f mb_per_s=%.2f\n", (unsigned long long)bytes,
	       t / 1e6, bytes / 1048576.0 * 1e9 / t);
	return 0;
}

/* 100 bytes appended and committed once a second. */
static int trickle(const char *path, uint64_t secs)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
	static const char line[100] = "trickle";
	struct timespec ts = { 1, 0 };
	uint64_t i;

	if (fd < 0)
		die(path);
	for (i = 0; i < secs; i++) {
		if (write(fd, line, sizeof(line)) != sizeof(line) || fdatasync(fd) < 0)
			die("write");
		nanosleep(&ts, NULL);
	}
	printf("writes=%llu\n", (unsigned long long)secs);
	return close(fd) < 0 ? 1 : 0;
}

static int copy(const char *src, const char *dst)
{
	int in = open(src, O_RDONLY), out;
	static char buf[1 << 20];
	uint64_t t0 = now_ns(), bytes = 0, t;
	ssize_t n;

	if (in < 0)
		die(src);
	out = open(dst, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (out < 0)
		die(dst);
	while ((n = read(in, buf, sizeof(buf))) > 0) {
		if (write(out, buf, n) != n)
			die("write");
		bytes += n;
	}
	if (n < 0)
		die("read");
	if (fsync(out) < 0)
		die("fsync");
	t = now_ns() - t0;
	printf("bytes=%llu ms=%.1f mb_per_s=%.2f\n", (unsigned long long)bytes,
	       t / 1e6, bytes / 1048576.0 * 1e9 / t);
	return close(out) < 0 ? 1 : 0;
}

int main(int argc, char **argv)
{
	const char *m = argc > 1 ? argv[1] : "";

	if (!strcmp(m, "spin") && argc == 3) {
		uint64_t t0 = now_ns();

		spin(arg(argv[2]));
		printf("ns=%llu\n", (unsigned long long)(now_ns() - t0));
		return 0;
	}
	if (!strcmp(m, "now") && argc == 2) {
		printf("%llu\n", (unsigned long long)now_ns());
		return 0;
	}
	if (!strcmp(m, "periodic") && argc == 5 && arg(argv[2]) && arg(argv[4]))
		return periodic(arg(argv[2]), arg(argv[3]), arg(argv[4]));
	if (!strcmp(m, "bursts") && argc == 5 && arg(argv[3]))
		return bursts(arg(argv[2]), arg(argv[3]), arg(argv[4]));
	if (!strcmp(m, "randread") && (argc == 4 || argc == 5))
		return randread(argv[2], arg(argv[3]), argc == 5 ? arg(argv[4]) : 0);
	if (!strcmp(m, "deepread") && argc == 5)
		return deepread(argv[2], arg(argv[3]), arg(argv[4]));
	if (!strcmp(m, "deepjobs") && argc == 6)
		return deepjobs(argv[2], arg(argv[3]), arg(argv[4]), argv[5]);
	if (!strcmp(m, "fsyncw") && argc == 4)
		return fsyncw(argv[2], arg(argv[3]));
	if (!strcmp(m, "seqread") && argc == 3)
		return seqread(argv[2]);
	if (!strcmp(m, "trickle") && argc == 4)
		return trickle(argv[2], arg(argv[3]));
	if (!strcmp(m, "copy") && argc == 4)
		return copy(argv[2], argv[3]);
	fprintf(stderr, "usage: hgov-load spin ITERS | periodic PERIOD_US ITERS SECONDS |\n"
		"       bursts ITERS PERIOD_MS SECONDS | randread DEV SECONDS [THINK_US] |\n"
		"       deepread DEV DEPTH SECONDS | deepjobs DEV DEPTH SECONDS CPUS |\n"
		"       fsyncw FILE SECONDS | seqread FILE |\n"
		"       trickle FILE SECONDS | copy SRC DST | now\n");
	return 2;
}
