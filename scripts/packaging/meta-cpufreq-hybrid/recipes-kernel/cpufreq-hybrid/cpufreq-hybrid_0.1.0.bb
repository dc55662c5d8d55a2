SUMMARY = "cpufreq governor 'hybrid': utilization scaling plus a storage I/O pin"
DESCRIPTION = "Out-of-tree cpufreq governor for big.LITTLE boards such as \
the R-Car H3: while storage I/O is active the big cluster runs at its \
highest allowed frequency; otherwise every policy follows CPU utilization \
the way schedutil does."
SECTION = "kernel/modules"
LICENSE = "GPL-2.0-only"
LIC_FILES_CHKSUM = "file://COPYING;md5=e43ef4bd504336585d9762bad148a8bb"

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

# The boot-time governor, read by this recipe and by meta-renesas's
# cpufreq-initscripts append (dynamic-layers/rcar-gen3): "hybrid" selects
# hybrid on every policy; "assist" keeps schedutil and loads the module
# with assist=1. Other options of the module (cpufreq_hybrid(4)), e.g.
#   CPUFREQ_HYBRID_MODULE_OPTIONS = "io_disks=mmcblk*"
# go to ${modprobedir}/cpufreq_hybrid.conf the same way.
CPUFREQ_HYBRID_GOVERNOR ?= "hybrid"
CPUFREQ_HYBRID_MODULE_OPTIONS ?= ""
CPUFREQ_HYBRID_OPTIONS = "${@' '.join((['assist=1'] if d.getVar('CPUFREQ_HYBRID_GOVERNOR') == 'assist' else []) + d.getVar('CPUFREQ_HYBRID_MODULE_OPTIONS').split())}"
KERNEL_MODULE_PROBECONF += "cpufreq_hybrid"
module_conf_cpufreq_hybrid = "${@'options cpufreq_hybrid ' + d.getVar('CPUFREQ_HYBRID_OPTIONS') if d.getVar('CPUFREQ_HYBRID_OPTIONS') else ''}"

python __anonymous() {
    gov = d.getVar('CPUFREQ_HYBRID_GOVERNOR')
    if gov not in ('hybrid', 'assist'):
        bb.fatal('CPUFREQ_HYBRID_GOVERNOR = "%s": use hybrid or assist' % gov)
}

# The man page of the parameters and tunables, in ${PN}-doc.
do_install:append() {
	install -D -m 0644 ${S}/scripts/packaging/cpufreq_hybrid.4 \
		${D}${mandir}/man4/cpufreq_hybrid.4
}

# kernel-module-split packages the module as kernel-module-cpufreq-hybrid;
# on kernels with KUnit the suites come apart as
# kernel-module-cpufreq-hybrid-test.
