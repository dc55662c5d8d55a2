/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The estimates of the tasks queued on each CPU (module/rq_est.c), where
 * the kernel lets a module read them.
 */
#ifndef HGOV_MODULE_RQ_EST_H
#define HGOV_MODULE_RQ_EST_H

int hgov_rq_est_init(void);
void hgov_rq_est_exit(void);
unsigned long hgov_rq_est(unsigned int cpu);

#endif /* HGOV_MODULE_RQ_EST_H */
