/*
 * The monitor's few global facts, defined once for the entry
 * (hyp/init/init.c, both architectures') to fill in: the board's platform description, the guest's RAM, the CPU
 * counts and the physical PMU's counter count (declared in platform.h,
 * percpu.h and pmu_phys.h).
 */
#include "percpu.h"
#include "platform.h"
#include "pmu_phys.h"

struct blmon_platform hyp_platform;
struct guest_ram hyp_guest_ram;
unsigned hyp_ncpus;
unsigned hyp_nvcpus;
struct hyp_cpu *hyp_cpu_base;
unsigned hyp_pmu_counters;
