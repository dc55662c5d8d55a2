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
	$(KMAKE) $@

# sparse (C=2: every file) and W=1 against the board kernel; any
# diagnostic fails the target.
check:
	bash scripts/check.sh

# checkpatch --strict on every C file of the product and its tests.
style:
	bash scripts/style.sh

demo:
	bash scripts/demo.sh

test:
	bash scripts/test.sh

.PHONY: all modules modules_install clean check style demo test
