#ifndef FLEET_AUDIT_CPREFETCH_H
#define FLEET_AUDIT_CPREFETCH_H

/// Asks the core to bring the cache line at `address` in, without waiting for it and without faulting on an
/// address that is not mapped. Swift has no prefetch of its own, and clang's `_mm_prefetch` is a macro, which
/// Swift does not import; a static inline function is inlined into the Swift caller.
static inline void fleet_audit_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

#endif
