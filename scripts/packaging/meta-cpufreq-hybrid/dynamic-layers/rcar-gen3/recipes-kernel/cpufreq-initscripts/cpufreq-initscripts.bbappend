# meta-renesas's cpufreq-initscripts.bb (unversioned on dunfell,
# kirkstone-dev and scarthgap, hence an append without "_%") installs
# set_default_governor.sh, which selects "performance" at boot. Make it
# select CPUFREQ_HYBRID_GOVERNOR instead (local.conf):
#   hybrid  hybrid on every policy (the default)
#   assist  schedutil on every policy; the cpufreq-hybrid recipe then loads
#           the module with assist=1
# The build fails if the script no longer selects a governor the way this
# append expects, rather than shipping it unchanged.
FILESEXTRAPATHS:prepend := "${THISDIR}/files:"
SRC_URI += "file://cpufreq-hybrid-boot-governor.sh"

CPUFREQ_HYBRID_GOVERNOR ?= "hybrid"
RDEPENDS:${PN} += "kernel-module-cpufreq-hybrid"

python __anonymous() {
    gov = d.getVar('CPUFREQ_HYBRID_GOVERNOR')
    if gov not in ('hybrid', 'assist'):
        bb.fatal('CPUFREQ_HYBRID_GOVERNOR = "%s": use hybrid or assist' % gov)
}

do_install:append() {
	sh ${WORKDIR}/cpufreq-hybrid-boot-governor.sh ${D} \
		${@'schedutil' if d.getVar('CPUFREQ_HYBRID_GOVERNOR') == 'assist' else 'hybrid'}
}
