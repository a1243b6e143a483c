// The prefetch is a static inline function in the header; a C target needs a source file to build.
#include "CPrefetch.h"
