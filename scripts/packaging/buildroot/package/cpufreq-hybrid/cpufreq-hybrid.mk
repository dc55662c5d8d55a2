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
CPUFREQ_HYBRID_LICENSE_FILES = COPYING

# The governor needs cpufreq; the governor sysfs helpers
# (CONFIG_CPU_FREQ_GOV_ATTR_SET, selected by schedutil, which the assist
# keeps in charge anyway); and the block request tracepoints
# (CONFIG_TRACEPOINTS, selected by the block I/O tracer). Without
# tracepoints the module builds and then refuses to load.
define CPUFREQ_HYBRID_LINUX_CONFIG_FIXUPS
	$(call KCONFIG_ENABLE_OPT,CONFIG_MODULES)
	$(call KCONFIG_ENABLE_OPT,CONFIG_CPU_FREQ)
	$(call KCONFIG_ENABLE_OPT,CONFIG_CPU_FREQ_GOV_SCHEDUTIL)
	$(call KCONFIG_ENABLE_OPT,CONFIG_BLOCK)
	$(call KCONFIG_ENABLE_OPT,CONFIG_FTRACE)
	$(call KCONFIG_ENABLE_OPT,CONFIG_BLK_DEV_IO_TRACE)
endef

# The boot-time governor: HYBRID_GOVERNOR of /etc/default/cpufreq-hybrid.
CPUFREQ_HYBRID_BOOT_GOVERNOR = $(call qstrip,$(BR2_PACKAGE_CPUFREQ_HYBRID_BOOT_GOVERNOR))
ifeq ($(BR_BUILDING)$(BR2_PACKAGE_CPUFREQ_HYBRID),yy)
ifneq ($(filter-out hybrid assist,$(CPUFREQ_HYBRID_BOOT_GOVERNOR))$(word 2,$(CPUFREQ_HYBRID_BOOT_GOVERNOR)),)
$(error BR2_PACKAGE_CPUFREQ_HYBRID_BOOT_GOVERNOR="$(CPUFREQ_HYBRID_BOOT_GOVERNOR)": use hybrid, assist, or leave it empty)
endif
endif

define CPUFREQ_HYBRID_INSTALL_BOOT
	$(INSTALL) -D -m 0755 $(@D)/scripts/packaging/boot/cpufreq-hybrid-boot \
		$(TARGET_DIR)/usr/lib/cpufreq-hybrid/cpufreq-hybrid-boot
	mkdir -p $(TARGET_DIR)/etc/default
	sed 's/^HYBRID_GOVERNOR=.*/HYBRID_GOVERNOR=$(CPUFREQ_HYBRID_BOOT_GOVERNOR)/' \
		$(@D)/scripts/packaging/boot/cpufreq-hybrid.default \
		> $(TARGET_DIR)/etc/default/cpufreq-hybrid
	$(INSTALL) -D -m 0644 $(@D)/scripts/packaging/cpufreq_hybrid.4 \
		$(TARGET_DIR)/usr/share/man/man4/cpufreq_hybrid.4
endef
CPUFREQ_HYBRID_POST_INSTALL_TARGET_HOOKS += CPUFREQ_HYBRID_INSTALL_BOOT

# S12: after S11modules has loaded /etc/modules-load.d.
define CPUFREQ_HYBRID_INSTALL_INIT_SYSV
	$(INSTALL) -D -m 0755 $(@D)/scripts/packaging/boot/S12cpufreq-hybrid \
		$(TARGET_DIR)/etc/init.d/S12cpufreq-hybrid
endef

define CPUFREQ_HYBRID_INSTALL_INIT_SYSTEMD
	$(INSTALL) -D -m 0644 $(@D)/scripts/packaging/boot/cpufreq-hybrid.service \
		$(TARGET_DIR)/usr/lib/systemd/system/cpufreq-hybrid.service
endef

$(eval $(kernel-module))
$(eval $(generic-package))
