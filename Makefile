# SPDX-License-Identifier: GPL-2.0
# cpufreq_hybrid: build against KDIR (or KERNEL_SRC), and the project's
# board, test and benchmark commands.

KERNEL_SRC ?= /lib/modules/$(shell uname -r)/build
KDIR ?= $(KERNEL_SRC)
ARCH ?=
CROSS_COMPILE ?=

KMAKE = $(MAKE) -C $(KDIR) M=$(CURDIR) \
	$(if $(ARCH),ARCH=$(ARCH)) $(if $(CROSS_COMPILE),CROSS_COMPILE=$(CROSS_COMPILE))

all: modules

modules modules_install clean:
	+$(KMAKE) $@

# sparse (C=2: every file) and W=1 against the board kernel; any
# diagnostic fails the target.
check:
	bash scripts/test/check.sh

# checkpatch --strict on every C file of the product and its tests.
style:
	bash scripts/test/style.sh

demo:
	bash scripts/demo/run.sh

test:
	bash scripts/test/run.sh

# Every governor side by side on the 5.10 and 6.12 boards with frequency
# emulation and the eMMC model: out/bench.json, out/bench.md,
# out/bench-REGIME-timeline.png. QUICK=1: scripts/bench/run.sh --quick.
# TARGET=user@host[:port] SCRATCH=/dev/XXX|/some/dir: the same workloads
# over ssh on a real board with the module installed instead
# (scripts/bench/remote.sh), the same files written.
bench:
ifneq ($(TARGET),)
	bash scripts/bench/remote.sh '$(TARGET)' '$(SCRATCH)' $(if $(QUICK),--quick)
else
	bash scripts/bench/run.sh $(if $(QUICK),--quick)
endif

# The kernel's cpufreq selftests, races, hotplug, faults, bad input and a
# 10-minute soak on the 7.3 debug board (23 to 40 minutes, by host; part
# of make test, with a 2-minute soak).
stress:
	bash scripts/stress/run.sh

# Register this tree with DKMS and build and install the module for
# KVER (default: the running kernel); dkms-remove undoes it.
dkms-install:
	bash scripts/packaging/dkms.sh install $(KVER)

dkms-remove:
	bash scripts/packaging/dkms.sh remove

# The Debian source package and cpufreq-hybrid-dkms, into out/packaging.
deb:
	bash scripts/packaging/deb.sh

# arm64 and x86_64 against linux-source 5.10, 6.1, 6.12 and 7.3, W=1 and
# sparse.
matrix:
	bash scripts/test/matrix.sh

.PHONY: all modules modules_install clean check style demo test bench stress dkms-install \
	dkms-remove deb matrix
