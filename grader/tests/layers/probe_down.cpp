// Compiled as part of the assignment layer (kit_assignment's include roots): a layer sees the headers of
// the layers below it. The layers.* tests build it; it is never linked.
#include "assignment/rubric.h"
#include "os/process.h"
#include "util/text.h"
