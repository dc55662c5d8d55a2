SUMMARY = "cpufreq governor 'hybrid': utilization scaling plus a storage I/O pin"
DESCRIPTION = "Out-of-tree cpufreq governor for big.LITTLE boards such as \
the R-Car H3: while storage I/O is active the big cluster runs at its \
highest allowed frequency; otherwise every policy follows CPU utilization \
the way schedutil does."
SECTION = "kernel/modules"
LICENSE = "GPL-2.0-only"
LIC_FILES_CHKSUM = "file://module/main.c;beginline=1;endline=1;md5=50d2ba0afecd20f74c12a4bdbcfcfe61"

inherit module

# By default, the source tree this layer sits in (its committed main
# branch). To build a release instead, set in local.conf e.g.
#   CPUFREQ_HYBRID_SRC_URI = "git://example.com/cpufreq-hybrid.git;protocol=https;branch=main"
#   SRCREV:pn-cpufreq-hybrid = "<commit>"
CPUFREQ_HYBRID_SRC_URI ?= "git://${CPUFREQ_HYBRID_TOPDIR};protocol=file;branch=main"
SRC_URI = "${CPUFREQ_HYBRID_SRC_URI}"
SRCREV ?= "${AUTOREV}"
PV = "0.1.0+git${SRCPV}"
S = "${WORKDIR}/git"

# module.bbclass runs "make KERNEL_SRC=... O=..." and "make modules_install"
# with MODLIB in ${D}: the project's Makefile takes both as they are.
# Load at boot, so that the governor is registered before anything selects
# it (selecting it also autoloads it, through request_module()).
KERNEL_MODULE_AUTOLOAD += "cpufreq_hybrid"

# kernel-module-split packages the module as kernel-module-cpufreq-hybrid;
# on kernels with KUnit the suites come apart as
# kernel-module-cpufreq-hybrid-test.
