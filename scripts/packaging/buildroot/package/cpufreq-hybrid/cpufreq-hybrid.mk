################################################################################
#
# cpufreq-hybrid
#
################################################################################

# This br2-external tree ships inside the cpufreq-hybrid source tree
# (scripts/packaging/buildroot), and builds that tree.
CPUFREQ_HYBRID_VERSION = 0.1.0
CPUFREQ_HYBRID_SITE = $(BR2_EXTERNAL_CPUFREQ_HYBRID_PATH)/../../..
CPUFREQ_HYBRID_SITE_METHOD = local
CPUFREQ_HYBRID_LICENSE = GPL-2.0

# The governor needs cpufreq, and the block tracepoints for the I/O pin
# (CONFIG_TRACEPOINTS, selected through the block I/O tracer).
define CPUFREQ_HYBRID_LINUX_CONFIG_FIXUPS
	$(call KCONFIG_ENABLE_OPT,CONFIG_CPU_FREQ)
	$(call KCONFIG_ENABLE_OPT,CONFIG_FTRACE)
	$(call KCONFIG_ENABLE_OPT,CONFIG_BLK_DEV_IO_TRACE)
endef

$(eval $(kernel-module))
$(eval $(generic-package))
