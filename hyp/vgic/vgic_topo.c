/* hyp/vgic/vgic_topo.h: the guest's N CPU interfaces on the GIC's 2N. */
#include "gicv2.h"
#include "vgic_topo.h"

uint32_t vgic_topo_sgir(uint32_t sgir, unsigned self, unsigned n, unsigned c)
{
	uint32_t vmask;

	if (GICD_SGIR_FILTER(sgir) == GICD_SGIR_FILTER_SELF)
		return sgir;
	vmask = GICD_SGIR_FILTER(sgir) == GICD_SGIR_FILTER_LIST ? GICD_SGIR_TARGETS(sgir) : ~(1u << self);
	vmask = vgic_topo_cores(vmask, n, c);
	return vmask ? GICD_SGIR_VALUE(GICD_SGIR_FILTER_LIST, vmask, GICD_SGIR_ID(sgir)) : 0;
}

/* Each byte's mask is below 1 << n, n <= 4: shifting the word by the
 * cluster's first core moves every byte within itself. */
uint32_t vgic_topo_targets(uint32_t word, unsigned n, unsigned c)
{
	return (word & (((1u << n) - 1u) * 0x01010101u)) << (c * n);
}

/* n <= 4, as above: the second cluster's bits of a byte, shifted down by
 * n, stay within it, and what the shift brings in from the byte above
 * lands past the first cluster's mask. */
uint32_t vgic_topo_sgi_sources(uint32_t word, unsigned n)
{
	return (word | word >> n) & (((1u << n) - 1u) * 0x01010101u);
}

uint32_t vgic_topo_typer(uint32_t typer, unsigned n)
{
	return (typer & ~(7u << 5)) | ((n - 1u) << 5);
}
