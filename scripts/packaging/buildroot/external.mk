include $(sort $(wildcard $(BR2_EXTERNAL_CPUFREQ_HYBRID_PATH)/package/*/*.mk))
