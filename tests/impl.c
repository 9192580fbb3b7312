#define CINDUCTOR_IMPLEMENTATION
#include "../cinductor.h"
