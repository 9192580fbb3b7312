/* Compile check: the implementation, in the layout users have (the declarations were already
   included through some header of theirs, then one file defines CINDUCTOR_IMPLEMENTATION),
   then a third include, which must add nothing. tests/compile.sh builds this as C99 with gcc
   and clang, as C++11 with g++ and clang++, with and without CINDUCTOR_NO_TCC, and with tcc. */
#include "../../cinductor.h"
#define CINDUCTOR_IMPLEMENTATION
#include "../../cinductor.h"
#include "../../cinductor.h"
