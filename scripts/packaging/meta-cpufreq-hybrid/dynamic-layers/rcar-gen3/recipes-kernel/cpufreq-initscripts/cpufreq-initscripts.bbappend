# meta-renesas's cpufreq-initscripts selects "performance" at boot. Select
# the hybrid governor instead (CPUFREQ_HYBRID_BOOT_GOVERNOR), and pull in
# the module. The build fails if the script no longer selects a governor
# the way this append expects, rather than shipping it unchanged.
FILESEXTRAPATHS:prepend := "${THISDIR}/files:"
SRC_URI += "file://cpufreq-hybrid-boot-governor.sh"

CPUFREQ_HYBRID_BOOT_GOVERNOR ?= "hybrid"
RDEPENDS:${PN} += "kernel-module-cpufreq-hybrid"

do_install:append() {
	sh ${WORKDIR}/cpufreq-hybrid-boot-governor.sh ${D} ${CPUFREQ_HYBRID_BOOT_GOVERNOR}
}
