/* tools/gpubench/mbhead.h - what main.cu, hand.cu and the generated kernels (gen.cu) share */
#pragma once
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include <vector>
#include <algorithm>
static __device__ __forceinline__ float ci_w(int c, float a, float b) { return c ? a : b; }
