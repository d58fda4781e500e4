/*
 * With migration (hyp/switch/migrate.h) the guest's distributor has N CPU
 * interfaces, numbered as its virtual CPUs, while the GIC has 2N: cluster
 * c's cores are c*N .. c*N+N-1. The translations between the two, pure
 * (hyp/vgic/vgic_hw_gich.c applies them; tests/vgic/test_vgic_topo.c).
 */
#ifndef HYP_VGIC_TOPO_H
#define HYP_VGIC_TOPO_H

#include <stdint.h>

/* The cores of cluster c for the virtual CPUs in vmask (bits >= n: none). */
static inline uint32_t vgic_topo_cores(uint32_t vmask, unsigned n, unsigned c)
{
	return (vmask & ((1u << n) - 1u)) << (c * n);
}

/* The guest's GICD_SGIR write from virtual CPU self, as the GIC must get
 * it: a target list of cores (all but self: the other virtual CPUs'),
 * self as it is; 0 if it reaches nobody. */
uint32_t vgic_topo_sgir(uint32_t sgir, unsigned self, unsigned n, unsigned c);
/* A word of the guest's SPI targets as the GIC gets it. */
uint32_t vgic_topo_targets(uint32_t word, unsigned n, unsigned c);
/* A word of the GIC's SGI pending registers (GICD_SPENDSGIR: a byte per
 * SGI, bit p: from core p) with its sources as virtual CPUs (core p is
 * virtual CPU p % n); the other way, vgic_topo_targets() of both
 * clusters. */
uint32_t vgic_topo_sgi_sources(uint32_t word, unsigned n);
/* GICD_TYPER with N CPU interfaces. */
uint32_t vgic_topo_typer(uint32_t typer, unsigned n);

#endif
