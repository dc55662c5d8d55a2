# What cpufreq_hybrid.ko needs from the BSP kernel (linux-renesas_5.10.bb
# on dunfell, kirkstone-dev and scarthgap, a kernel-yocto recipe that takes
# every .cfg of SRC_URI as a configuration fragment): see
# files/cpufreq-hybrid.cfg. do_kernel_configcheck reports an option that
# did not land.
FILESEXTRAPATHS:prepend := "${THISDIR}/files:"
SRC_URI:append = " file://cpufreq-hybrid.cfg"
