/* Graphs for the GPU's kernel shapes (>>cuemit). The cooperative reductions: every reduction
   kind, with ties, NaNs and infinities, in each shape of block the emitter picks (a warp or
   more along a row; tx points a warp row along an outer dim; a point a block where the points'
   count is odd; several reduced dims; a whole tensor to one value; an empty reduction). The
   tiled kernels (a read across the rows): square, ragged edges, a batch, a broadcast. test_cuda
   runs them on a GPU against the interpreter; test_cuemit compiles their CUDA source with
   NVRTC and checks the block each kernel gets. */
#ifndef CUDA_CASES_H_INCLUDED
#define CUDA_CASES_H_INCLUDED

static const char *const cuda_kernel_cases[] = {
    /* rows: a long row (ty up to 1024 threads, few points), short rows (one warp) */
    "input x: f32[3, 5000]\ny = aten.sum.dim_IntList(x, [1])\n"
    "m = aten.amax.default(x, [1])\na = aten.argmin.default(x, 1)\noutput y, m, a\n",
    "input x: f32[37, 7]\ny = aten.prod.dim_int(x, 1)\nm = aten.amin.default(x, [1])\n"
    "a = aten.argmax.default(x, 1)\noutput y, m, a\n",
    "input x: f64[300, 513]\ny = aten._softmax.default(x, -1, False)\n"
    "v = aten.var.correction(x, [1], correction=1)\noutput y, v\n",
    /* integers: ties everywhere (values in [-5, 5]), argmax takes the first */
    "input x: i64[64, 300]\ny = aten.sum.dim_IntList(x, [1])\na = aten.argmax.default(x, 1)\n"
    "b = aten.argmin.default(x, 0)\nm, i = aten.max.dim(x, 0)\noutput y, a, b, m, i\n",
    "input x: i32[9, 1000]\ny = aten.prod.dim_int(x, 1)\nm = aten.amax.default(x, [1])\n"
    "output y, m\n",
    /* NaNs (log of a negative) and infinities (log of zero): NaN wins max and argmax */
    "input x: f32[40, 700]\nl = aten.log.default(x)\nm = aten.amax.default(l, [1])\n"
    "a = aten.argmax.default(l, 1)\nb = aten.argmin.default(l, 0)\nn = aten.amin.default(l, [0])\n"
    "output m, a, b, n\n",
    "input x: f32[16, 900]\nr = aten.relu.default(x)\nl = aten.log.default(r)\n"
    "m = aten.amax.default(l, [1])\na = aten.argmin.default(l, 1)\ns = aten.sum.dim_IntList(l, [1])\n"
    "output m, a, s\n",
    /* bools */
    "input x: bool[50, 333]\ny = aten.any.dim(x, 1)\nz = aten.all.dim(x, 0)\noutput y, z\n",
    "input x: f32[50, 2000]\nt = aten.gt.Scalar(x, 3.2)\ny = aten.any.dim(t, 1)\n"
    "u = aten.lt.Scalar(x, 3.2)\nz = aten.all.dim(u, 1)\noutput y, z\n",
    /* columns: 32 points a warp row, 8 a row, an odd count of points (one a block) */
    "input x: f32[1000, 64]\ny = aten.sum.dim_IntList(x, [0])\nm = aten.amax.default(x, [0])\n"
    "a = aten.argmax.default(x, 0)\noutput y, m, a\n",
    "input x: f32[513, 24]\nv, m = aten.var_mean.correction(x, [0], correction=0)\n"
    "s = aten.std.correction(x, [0], correction=1)\noutput v, m, s\n",
    "input x: f64[100, 33]\ny = aten.sum.dim_IntList(x, [0])\na = aten.argmin.default(x, 0)\n"
    "output y, a\n",
    "input x: f32[6, 2050, 40]\ny = aten.sum.dim_IntList(x, [1])\nm = aten.mean.dim(x, [1])\n"
    "output y, m\n",
    /* several reduced dims, a whole tensor, an empty reduction, a fused normalisation */
    "input x: f32[4, 6, 50, 3]\ny = aten.sum.dim_IntList(x, [1, 2])\n"
    "m = aten.amax.default(x, [1, 3])\noutput y, m\n",
    "input x: f32[77, 91]\ny = aten.sum.default(x)\nm = aten.max.default(x)\n"
    "a = aten.argmax.default(x)\nv = aten.var.correction(x, None, correction=1)\n"
    "output y, m, a, v\n",
    "input x: f32[5, 0]\ny = aten.sum.dim_IntList(x, [1])\np = aten.prod.dim_int(x, 1)\n"
    "a = aten.all.dim(x, 1)\noutput y, p, a\n",
    "input x: f32[96, 1024]\ninput w: f32[1024]\ninput b: f32[1024]\n"
    "y, m, r = aten.native_layer_norm.default(x, [1024], w, b, 1e-05)\noutput y, m, r\n",
    "input x: f32[65, 64]\ny = aten._log_softmax.default(x, 0, False)\noutput y\n",
    /* tiles (cases 18-21) */
    "input x: f32[300, 300]\nt = aten.t.default(x)\ny = aten.add.Tensor(t, x)\noutput y\n",
    "input x: f32[33, 70]\nt = aten.t.default(x)\ny = aten.mul.Tensor(t, 2)\noutput y\n",
    "input x: f64[3, 45, 37]\nt = aten.transpose.int(x, 1, 2)\ninput b: f64[37, 1]\n"
    "y = aten.sub.Tensor(t, b)\noutput y\n",
    "input x: i64[5, 7, 40]\np = aten.permute.default(x, [0, 2, 1])\nc = aten.clone.default(p)\n"
    "output c\n",
    /* matrix products on the GPU (cases 22-27): edges of the 64 x 64 tiles, a batch, K of 0
       and of 1, f64, f16 and bf16 (through f32), a product feeding a reduction; an integer
       one (a GPU sum over k) */
    "input a: f32[65, 130]\ninput b: f32[130, 67]\ny = aten.mm.default(a, b)\noutput y\n",
    "input a: f32[3, 7, 1]\ninput b: f32[3, 1, 129]\ny = aten.bmm.default(a, b)\n"
    "input c: f32[2, 0]\ninput d: f32[0, 5]\nz = aten.mm.default(c, d)\noutput y, z\n",
    "input a: f64[2, 70, 33]\ninput b: f64[2, 33, 64]\ny = aten.bmm.default(a, b)\n"
    "s = aten.sum.dim_IntList(y, [2])\noutput y, s\n",
    "input a: f16[33, 48]\ninput b: f16[48, 20]\ny = aten.mm.default(a, b)\n"
    "input c: bf16[17, 64]\ninput d: bf16[64, 65]\nz = aten.mm.default(c, d)\n"
    "y2 = aten._to_copy.default(y, dtype=f32)\nz2 = aten._to_copy.default(z, dtype=f32)\n"
    "output y2, z2\n",
    "input x: f32[9, 100]\ninput w: f32[40, 100]\ninput b: f32[40]\n"
    "y = aten.linear.default(x, w, b)\nr = aten.relu.default(y)\noutput r\n",
    "input a: i64[6, 9]\ninput b: i64[9, 4]\ny = aten.mm.default(a, b)\noutput y\n",
    /* K split across blocks (cases 28-29): 8 parts; 2 ragged parts in a batch */
    "input a: f32[8, 2048]\ninput b: f32[2048, 40]\ny = aten.mm.default(a, b)\noutput y\n",
    "input a: f64[3, 5, 1000]\ninput b: f64[3, 1000, 7]\ny = aten.bmm.default(a, b)\noutput y\n",
    /* the user's names spelt as the kernels' locals (cases 30-31) */
    "input t: f32[40, 33]\nq = aten.t.default(t)\nw = aten.add.Tensor(q, 1)\noutput w\n",
    "input d: f32[64, 300]\nsh = aten.var.correction(d, [1], correction=1)\n"
    "rf = aten.sum.dim_IntList(d, [0])\no0 = aten.amax.default(d, [1])\noutput sh, rf, o0\n",
    /* each tile of the products (cases 32-37): 128 x 128 with K ragged (one element at a
       time) and with 4 at a time (f16); 128 x 64 in 8 parts, M ragged; 64 x 128 in 4 parts and
       64 x 64 in 16 (the mlp's products); 64 x 64 in 2 parts, every size odd; sizes 1 and 7 */
    "input a: f32[8, 1023, 65]\ninput b: f32[8, 65, 1025]\ny = aten.bmm.default(a, b)\n"
    "output y\n",
    "input a: f16[1500, 40]\ninput b: f16[40, 1500]\ny = aten.mm.default(a, b)\n"
    "z = aten._to_copy.default(y, dtype=f32)\noutput z\n",
    "input a: f32[2, 1030, 2048]\ninput b: f32[2, 2048, 60]\ny = aten.bmm.default(a, b)\n"
    "output y\n",
    "input x: f32[64, 1024]\ninput w: f32[1024, 4096]\nh = aten.mm.default(x, w)\n"
    "r = aten.relu.default(h)\ninput v: f32[4096, 1024]\ny = aten.mm.default(r, v)\noutput y\n",
    "input a: f32[63, 1023]\ninput b: f32[1023, 4095]\ny = aten.mm.default(a, b)\noutput y\n",
    "input a: f32[1, 7]\ninput b: f32[7, 65]\ny = aten.mm.default(a, b)\n"
    "input c: bf16[7, 1]\ninput d: bf16[1, 1]\nz = aten.mm.default(c, d)\n"
    "z2 = aten._to_copy.default(z, dtype=f32)\noutput y, z2\n",
    /* rows kept in registers (cases 38-45): a ragged row; an RMS norm whose product is kept
       and not written, and written too (an output); f16 (kept as stored); two reduced dims;
       i64 (two words a point) with an argmax; a padded row (the load a where() guards); a
       row too long to keep (the phases read memory) */
    "input x: f32[37, 3001]\ny = aten._softmax.default(x, -1, False)\noutput y\n",
    "input a: f32[19, 1111]\ninput c: f32[19, 1111]\ninput w: f32[1111]\n"
    "s = aten.silu.default(a)\nh = aten.mul.Tensor(s, c)\nh2 = aten.pow.Tensor_Scalar(h, 2)\n"
    "ms = aten.mean.dim(h2, [-1], True)\nmse = aten.add.Tensor(ms, 1e-06)\n"
    "r = aten.rsqrt.default(mse)\nhr = aten.mul.Tensor(h, r)\ny = aten.mul.Tensor(hr, w)\n"
    "output y\n",
    "input a: f32[19, 1111]\ninput c: f32[19, 1111]\ns = aten.silu.default(a)\n"
    "h = aten.mul.Tensor(s, c)\nh2 = aten.pow.Tensor_Scalar(h, 2)\n"
    "ms = aten.mean.dim(h2, [-1], True)\nr = aten.rsqrt.default(ms)\n"
    "y = aten.mul.Tensor(h, r)\noutput y, h\n",
    "input x: f16[33, 700]\ninput w: f16[700]\ninput b: f16[700]\n"
    "y, m, r = aten.native_layer_norm.default(x, [700], w, b, 1e-05)\noutput y, m, r\n",
    "input x: f32[6, 10, 50]\nm = aten.amax.default(x, [1, 2], True)\n"
    "e = aten.sub.Tensor(x, m)\ny = aten.exp.default(e)\noutput y\n",
    "input x: i64[33, 300]\nm = aten.amax.default(x, [1], True)\na = aten.argmax.default(x, 1)\n"
    "d = aten.sub.Tensor(x, m)\noutput d, a\n",
    "input x: f32[20, 100]\np = aten.constant_pad_nd.default(x, [3, 5], 0.5)\n"
    "y = aten._softmax.default(p, -1, False)\noutput y\n",
    "input x: f32[64, 20000]\ny = aten._softmax.default(x, -1, False)\noutput y\n",
    /* tiles staged in shared memory (cases 46-48; 18-21 and 30 stage theirs too): a column
       broadcast beside the transpose (read through L1); a transpose a where() picks from
       (staged all the same); two transposed inputs of 2 and 4 bytes, in a batch */
    "input x: f32[45, 70]\ninput b: f32[70, 1]\nt = aten.t.default(x)\n"
    "y = aten.add.Tensor(t, b)\noutput y\n",
    "input x: f32[40, 50]\ninput c: bool[50, 40]\ninput z: f32[50, 40]\nt = aten.t.default(x)\n"
    "y = aten.where.self(c, t, z)\noutput y\n",
    "input a: f16[2, 40, 35]\ninput b: i32[2, 40, 35]\nta = aten.transpose.int(a, 1, 2)\n"
    "tb = aten.transpose.int(b, 1, 2)\nc = aten._to_copy.default(ta, dtype=f32)\n"
    "d = aten.mul.Tensor(c, tb)\noutput d\n",
    /* a warp a row (cases 49-50): Welford's state and an argmax shuffled, 100 rows 4 a block;
       rows of 33 points with a tail, 512 rows 8 a block */
    "input x: f32[100, 300]\nv, m = aten.var_mean.correction(x, [1], correction=1)\n"
    "a = aten.argmax.default(x, 1)\noutput v, m, a\n",
    "input x: f64[512, 33]\ny = aten._log_softmax.default(x, 1, False)\n"
    "s = aten.sum.dim_IntList(x, [1])\noutput y, s\n",
    /* reads with padding (cases 51-52): their interiors without masks or clamps, on the GPU
       in both dims; a pad on three sides feeding a product */
    "input img: f32[2, 3, 70, 90]\n"
    "y = aten.avg_pool2d.default(img, [3, 3], [1, 1], [1, 1])\n"
    "a = aten.abs.default(y)\nd = aten.add.Tensor(a, 1)\nt = aten.div.Tensor(y, d)\noutput t\n",
    "input x: f32[5, 66, 130]\np = aten.constant_pad_nd.default(x, [2, 1, 0, 3], -1.5)\n"
    "y = aten.mul.Tensor(p, p)\noutput y\n",
    /* (case 53) a padded read of rows of 4-point vectors: four lanes in the interior at once */
    "input img: f32[2, 3, 68, 96]\n"
    "y = aten.avg_pool2d.default(img, [3, 3], [1, 1], [1, 1])\noutput y\n",
    /* (cases 54-55) a transpose of a buffer read straight too (staged once, read through L1
       once): 3 x 3 tiles a matrix with edges, in a batch; 2 x 2 tiles of integers */
    "input x: f32[3, 70, 70]\nt = aten.transpose.int(x, 1, 2)\ny = aten.sub.Tensor(t, x)\n"
    "output y\n",
    "input x: i32[64, 64]\nt = aten.t.default(x)\ny = aten.mul.Tensor(t, x)\noutput y\n",
    /* (case 56) the tiles in mirror pairs (ci__cuemit_tile_pairs) where their count a side is
       odd (5, with edges), in a batch (cases 18, 54 and 55: 10, 3 and 2 a side) */
    "input x: f32[2, 150, 150]\nt = aten.transpose.int(x, 1, 2)\ny = aten.add.Tensor(x, t)\n"
    "output y\n",
    /* (case 57) torch.special's functions (>>interp's C, carried as text), f32 and f64, their
       arguments moved into their domains; (case 58) the random ops, the same bits as on the
       host (counter-based) */
    "input x: f32[7, 33]\ninput d: f64[5, 9]\nu = aten.tanh.default(x)\n"
    "p = aten.sigmoid.default(x)\nax = aten.abs.default(x)\nq = aten.add.Tensor(ax, 0.1)\n"
    "z1 = aten.add.Tensor(ax, 1.1)\na = aten.erfinv.default(u)\nb = aten.digamma.default(x)\n"
    "c = aten.i0.default(x)\ne = aten.special_i0e.default(x)\nf = aten.special_i1.default(x)\n"
    "g = aten.special_i1e.default(x)\nh = aten.special_ndtri.default(p)\n"
    "i = aten.special_erfcx.default(x)\nj = aten.polygamma.default(1, x)\n"
    "k = aten.special_bessel_j0.default(x)\nl = aten.special_bessel_j1.default(x)\n"
    "m = aten.special_bessel_y0.default(q)\nn = aten.special_bessel_y1.default(q)\n"
    "o = aten.special_modified_bessel_k0.default(q)\n"
    "r = aten.special_scaled_modified_bessel_k1.default(q)\n"
    "s = aten.special_spherical_bessel_j0.default(x)\nt = aten.special_airy_ai.default(x)\n"
    "v = aten.special_zeta.default(z1, q)\nw = aten.igamma.default(q, z1)\n"
    "y = aten.igammac.default(q, ax)\nz = aten.special_chebyshev_polynomial_t.default(u, 5)\n"
    "z2 = aten.special_hermite_polynomial_he.default(x, 4)\n"
    "z3 = aten.special_shifted_chebyshev_polynomial_w.default(p, 3)\n"
    "dt = aten.tanh.default(d)\nda = aten.erfinv.default(dt)\n"
    "dad = aten.abs.default(d)\ndq = aten.add.Tensor(dad, 0.1)\n"
    "db = aten.special_bessel_y1.default(dq)\n"
    "dc = aten.special_laguerre_polynomial_l.default(d, 3)\n"
    "output a, b, c, e, f, g, h, i, j, k, l, m, n, o, r, s, t, v, w, y, z, z2, z3, da, db, dc\n",
    "input x: f32[1023]\na = aten.rand.default([1023])\nb = aten.randn.default([7, 33])\n"
    "c = aten.randint.low(-3, 7, [130])\nd, dm = aten.native_dropout.default(x, 0.25, True)\n"
    "e = aten.rand.default([65], dtype=f64)\nf = aten.randn_like.default(x, dtype=f64)\n"
    "output a, b, c, d, dm, e, f\n",
    /* (cases 59-60) float convolutions as products (im2col, a batched product a group, the
       bias): strided, padded, dilated, grouped, with a relu after; a plain one; and as GPU
       sums where a group has few output channels: 1-d, depthwise, f16 */
    "input x: f32[2, 6, 17, 23]\ninput w: f32[32, 3, 3, 5]\ninput b: f32[32]\n"
    "y = aten.convolution.default(x, w, b, [2, 1], [1, 2], [1, 2], False, [0, 0], 2)\n"
    "r = aten.relu.default(y)\noutput r\n",
    "input x: f32[1, 3, 32, 32]\ninput w: f32[16, 3, 3, 3]\ninput x1: f32[4, 5, 29]\n"
    "input w1: f32[7, 5, 4]\ninput xd: f32[1, 8, 9, 9]\ninput wd: f32[8, 1, 3, 3]\n"
    "input xh: f16[2, 4, 10, 10]\ninput wh: f16[4, 4, 1, 1]\n"
    "y = aten.convolution.default(x, w, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 1)\n"
    "y1 = aten.conv1d.default(x1, w1, None, [2], [1], [1], 1)\n"
    "yd = aten.convolution.default(xd, wd, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 8)\n"
    "yh = aten.convolution.default(xh, wh, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1)\n"
    "output y, y1, yd, yh\n",
    /* (case 61) sorts on the GPU (a row a block, a bitonic network in shared memory): ties
       (rounded values) and NaNs (logs of negatives) ascending and descending, integers, f16,
       bool, along a middle dim, rows of 1 and of 2048 (the longest), none; a topk */
    "input x: f32[5, 1023]\ninput y: i64[3, 7]\ninput h: f16[4, 33]\ninput z: f32[2, 6, 9]\n"
    "input o: f32[3, 1]\ninput w: f32[2, 2048]\ninput b: bool[3, 40]\ninput e: f32[0, 5]\n"
    "r = aten.round.default(x)\ns, si = aten.sort.default(r)\n"
    "d, di = aten.sort.default(r, -1, True)\nyv, yi = aten.sort.default(y, -1, True)\n"
    "hv, hi = aten.sort.default(h)\nzv, zi = aten.sort.default(z, 1)\n"
    "ov, oi = aten.sort.default(o)\nlg = aten.log.default(x)\n"
    "nv, ni = aten.sort.default(lg, -1, True)\nna, nai = aten.sort.default(lg)\n"
    "rw = aten.round.default(w)\nwv, wi = aten.sort.default(rw)\n"
    "bv, bi = aten.sort.default(b)\nev, ei = aten.sort.default(e)\n"
    "tv, ti = aten.topk.default(x, 5)\n"
    "output s, si, d, di, yv, yi, hv, hi, zv, zi, ov, oi, nv, ni, na, nai, wv, wi, bv, bi, ev, "
    "ei, tv, ti\n",
    /* (case 62) integer products on the GPU, sums over k in the dtype: i32 wrapping past 2^31
       (products up to 2^30 times 81), u8 and i8 wrapping, K of 0 (bools too), a batch */
    "input a: i32[2, 5, 300]\ninput b: i32[2, 300, 7]\ninput c: u8[9, 70]\ninput d: u8[70, 3]\n"
    "input e: i8[4, 33]\ninput f: i8[33, 6]\ninput g: bool[7, 0]\ninput h: bool[0, 9]\n"
    "input k: i64[3, 0]\ninput l: i64[0, 4]\n"
    "a2 = aten.mul.Tensor(a, 32768)\nb2 = aten.mul.Tensor(b, 32768)\n"
    "y = aten.bmm.default(a2, b2)\nu = aten.mm.default(c, d)\nv = aten.mm.default(e, f)\n"
    "w = aten.mm.default(g, h)\nz = aten.mm.default(k, l)\noutput y, u, v, w, z\n",
    /* (case 63) an extern kernel the GPU has no kernel for (a determinant's LU factorization)
       runs on the host, its inputs and outputs copied, between GPU kernels */
    "input x: f64[3, 5, 5]\ne = aten.exp.default(x)\nd = aten.linalg_det.default(e)\n"
    "m = aten.mul.Tensor(d, 2)\noutput m\n",
    /* (case 64) selections on the GPU, their sizes after the run: nonzero of floats with
       zeros (rounded), f16, bf16, an empty one, a long bool mask (every warp several passes);
       where(c) as indices a dim, of a 0-d one too; the indices unbound; masked_select with
       a broadcast mask; boolean-mask indexing taking rows */
    "input x: f32[7, 33]\ninput m: bool[5, 3, 1]\ninput m2: bool[5, 3]\ninput v: f32[5, 3, 4]\n"
    "input h: f16[1000]\ninput e: i64[0, 3]\ninput b: bool[100000]\ninput z: i8[]\n"
    "input w: bf16[4, 9]\ninput c: f32[3, 5, 7]\n"
    "r = aten.round.default(x)\nnz = aten.nonzero.default(r)\n"
    "ms = aten.masked_select.default(v, m)\nhz = aten.nonzero.default(h)\n"
    "ez = aten.nonzero.default(e)\nix = aten.index.Tensor(v, [m2])\n"
    "bn = aten.nonzero.default(b)\nz0 = aten.where.default(z)\n"
    "wn = aten.nonzero.default(w)\nrc = aten.round.default(c)\n"
    "t0, t1, t2 = aten.where.default(rc)\nu = aten.nonzero.default(rc)\n"
    "u0, u1, u2 = aten.unbind.int(u, 1)\n"
    "output nz, ms, hz, ez, ix, bn, z0, wn, t0, t1, t2, u0, u1, u2\n",
    /* (case 65) sorts of rows longer than 2048 on the GPU (runs of 2048 sorted, then merged):
       3 runs (2 merge passes) with ties and with NaNs, both directions; 5 runs (3 passes) of
       i64 descending; 2 runs (1 pass: the first into the scratch) of f16; a topk */
    "input x: f32[2, 5000]\ninput y: i64[2, 9000]\ninput h: f16[2049]\n"
    "r = aten.round.default(x)\ns, si = aten.sort.default(r)\n"
    "d, di = aten.sort.default(r, -1, True)\nlg = aten.log.default(x)\n"
    "nv, ni = aten.sort.default(lg, -1, True)\nna, nai = aten.sort.default(lg)\n"
    "yv, yi = aten.sort.default(y, -1, True)\nhv, hi = aten.sort.default(h)\n"
    "tv, ti = aten.topk.default(x, 7)\n"
    "output s, si, d, di, nv, ni, na, nai, yv, yi, hv, hi, tv, ti\n",
    /* (case 66) unique on the GPU (the positions sorted, groups where neighbours differ):
       floats with -inf and NaNs (each its own group), with the inverse and counts; i64 longer
       than 2048 (a merge pass); consecutive groups; f16; bool unsorted (sorted all the
       same); an empty one */
    "input x: f32[7, 33]\ninput y: i64[5000]\ninput h: f16[300]\ninput b: bool[40]\n"
    "input e: f32[0]\nr = aten.round.default(x)\nlg = aten.log.default(r)\n"
    "u, ui, uc = aten._unique2.default(lg, True, True, True)\n"
    "v, vi = aten._unique.default(y, True, True)\n"
    "w, wi, wc = aten.unique_consecutive.default(r, True, True)\n"
    "hr = aten.round.default(h)\nhu, hui, huc = aten._unique2.default(hr, True, False, True)\n"
    "bu, bui, buc = aten._unique2.default(b, False, True, False)\n"
    "eu, eui, euc = aten._unique2.default(e, True, True, True)\n"
    "output u, ui, uc, v, vi, w, wi, wc, hu, huc, bu, bui, eu, eui, euc\n",
    /* (case 67) repeat_interleave with output_size on the GPU (repeats of 0 too): i64, i32
       over several warps, and a tensor's rows so repeated (an index_select by them) */
    "input x: f32[3000, 2]\na = aten.arange.default(7)\nr = aten.remainder.Scalar(a, 3)\n"
    "q = aten.repeat_interleave.Tensor(r, output_size=6)\n"
    "b = aten.arange.default(3000, dtype=i32)\ns = aten.remainder.Scalar(b, 5)\n"
    "p = aten.repeat_interleave.Tensor(s, output_size=6000)\n"
    "y = aten.repeat_interleave.self_Tensor(x, s, 0, output_size=6000)\noutput q, p, y\n",
    /* (case 68) linear algebra on the GPU, a thread a matrix: Cholesky (of x x^T + 5 I), its
       triangular solve, Cholesky's info where x is not positive-definite (no error: the _ex
       form), det, slogdet, inv, solve, LU unpacked (the permutation), QR (reduced, complete,
       tall), eigh, SVD (square; wide, reduced), the matrix exponential; f32 and f64 */
    "input x: f32[300, 5, 5]\ninput y: f64[7, 4, 4]\ninput b: f32[300, 5, 2]\ninput w: f32[6, 3]\n"
    "xt = aten.transpose.int(x, 1, 2)\ns = aten.bmm.default(x, xt)\ne = aten.eye.default(5)\n"
    "sp = aten.add.Tensor(s, e, alpha=5)\nl = aten.linalg_cholesky.default(sp)\n"
    "ts = aten.linalg_solve_triangular.default(l, b, upper=False)\n"
    "ce, ci = aten.linalg_cholesky_ex.default(x)\nd = aten.linalg_det.default(y)\n"
    "sg, la = aten.linalg_slogdet.default(y)\niv = aten.linalg_inv.default(y)\n"
    "so = aten.linalg_solve.default(sp, b)\npp, pl, pu = aten.linalg_lu.default(y)\n"
    "q, r = aten.linalg_qr.default(x)\nev, evec = aten.linalg_eigh.default(sp)\n"
    "u, sv, vh = aten.linalg_svd.default(y)\nwt = aten.t.default(w)\n"
    "wu, ws, wv = aten.linalg_svd.default(wt, False)\n"
    "qw, rw = aten.linalg_qr.default(w, \"complete\")\nex = aten.linalg_matrix_exp.default(y)\n"
    "output l, ts, ci, d, sg, la, iv, so, pp, pl, pu, q, r, ev, sv, ws, qw, rw, ex\n",
    /* (case 69) matrices past CI__CUEMIT_LA_SMALL on a side: 1024 of them on the GPU, one on
       the host */
    "input x: f64[1024, 20, 20]\ninput z: f32[40, 40]\ni = aten.linalg_inv.default(x)\n"
    "d = aten.linalg_det.default(z)\noutput i, d\n",
    /* (case 70) LDL^T on the GPU (sytf2 a thread a matrix) and its solve; 20 x 20 ones on the
       host */
    "input x: f32[300, 6, 6]\ninput y: f64[5, 20, 20]\ninput b: f32[300, 6, 3]\n"
    "xt = aten.transpose.int(x, 1, 2)\ns = aten.add.Tensor(x, xt)\n"
    "ld, piv = aten.linalg_ldl_factor.default(s)\nz = aten.linalg_ldl_solve.default(ld, piv, b)\n"
    "yt = aten.transpose.int(y, 1, 2)\nsy = aten.add.Tensor(y, yt)\n"
    "ld2, piv2, info2 = aten.linalg_ldl_factor_ex.default(sy)\n"
    "output ld, piv, z, ld2, piv2, info2\n",
    /* (case 71) linear algebra at the edges: no matrices, 0 x 0 matrices, a 1 x 1 */
    "input x: f32[0, 3, 3]\ninput y: f64[5, 0, 0]\ninput z: f32[1, 1, 1]\n"
    "i = aten.linalg_inv.default(x)\nd = aten.linalg_det.default(y)\nzz = aten.mul.Tensor(z, z)\n"
    "c = aten.linalg_cholesky.default(zz)\nq, r = aten.linalg_qr.default(y)\n"
    "e, v = aten.linalg_eigh.default(y)\nu, s, vh = aten.linalg_svd.default(x)\n"
    "output i, d, c, q, r, e, s\n",
    /* (case 72) unique along a dim on the GPU (ci_unique_dim: PyTorch 1.13's order, the slices
       compared in that of x.transpose(dim, 0)): floats with NaNs and -inf over the last and a
       middle dim; i64 and i32 rows and columns with many alike (two values), consecutive too;
       f16; bools; no slices */
    "input x: f32[3, 40, 5]\ninput y: i64[300, 3]\ninput h: f16[4, 6]\ninput e: f32[3, 0]\n"
    "input z: i32[2, 50, 2]\nr = aten.round.default(x)\nlg = aten.log.default(r)\n"
    "u0, i0, c0 = aten.unique_dim.default(lg, 2, True, True, True)\n"
    "u1, i1, c1 = aten.unique_dim.default(lg, 1, True, True, True)\n"
    "yr = aten.remainder.Scalar(y, 2)\nu2, i2, c2 = aten.unique_dim.default(yr, 0, True, True, True)\n"
    "u3, i3, c3 = aten.unique_dim_consecutive.default(yr, 0, True, True)\n"
    "hr = aten.round.default(h)\nu4, i4, c4 = aten.unique_dim.default(hr, 1, True, True, True)\n"
    "u5, i5, c5 = aten.unique_dim.default(e, 1, True, True, True)\n"
    "zr = aten.remainder.Scalar(z, 2)\nu6, i6, c6 = aten.unique_dim.default(zr, 1, True, True, True)\n"
    "b = aten.gt.Scalar(z, 4)\nu7, i7, c7 = aten.unique_dim.default(b, 1, True, True, True)\n"
    "output u0, i0, c0, u1, i1, c1, u2, i2, c2, u3, i3, c3, u4, i4, c4, u5, i5, c5, u6, i6, c6, "
    "u7, i7, c7\n",
    /* (case 73) a padded read's windows in a vector kernel's interior: the lanes' loads of one
       row read once (an aligned int4 and the points before it, offsets -3 .. 3 of x's row);
       a 3 x 3 pool's three rows, each a float4 and a float either side, with edges */
    "input x: i32[3, 10, 64]\ninput img: f32[2, 9, 20]\n"
    "p = aten.constant_pad_nd.default(x, [3, 1], 7)\na = aten.slice.Tensor(p, 2, 0, 64)\n"
    "b = aten.slice.Tensor(p, 2, 3, 67)\nc = aten.slice.Tensor(p, 2, 1, 65)\n"
    "e = aten.slice.Tensor(p, 2, 2, 66)\nm = aten.mul.Tensor(b, 2)\ns = aten.add.Tensor(a, m)\n"
    "t = aten.add.Tensor(s, c)\nv = aten.sub.Tensor(t, e)\n"
    "y = aten.avg_pool2d.default(img, [3, 3], [1, 1], [1, 1])\noutput v, y\n",
    /* (cases 74-75) products' epilogues run by ci_bmm at each point it stores: a bias and
       tanh after a batch of edge tiles (its reads of the product through merged dims), a
       relu after 2 x 32 tiles, a square after a product whose K is split (the last block of a
       tile runs it); f16 ones with edges, a sigmoid feeding the next product */
    "input a: f32[3, 37, 50]\ninput b: f32[3, 50, 70]\ninput c: f32[70]\n"
    "input w: f32[70, 2048]\ninput wb: f32[2048, 40]\nm = aten.bmm.default(a, b)\n"
    "e = aten.add.Tensor(m, c)\nt = aten.tanh.default(e)\nt2 = aten.view.default(t, [111, 70])\n"
    "u0 = aten.mm.default(t2, w)\nu = aten.relu.default(u0)\nk = aten.mm.default(u, wb)\n"
    "q = aten.mul.Tensor(k, k)\noutput q, t\n",
    "input x: f16[65, 200]\ninput w16: f16[200, 96]\ninput w2: f16[96, 40]\n"
    "h = aten.mm.default(x, w16)\ns = aten.sigmoid.default(h)\ng = aten.mm.default(s, w2)\n"
    "z = aten.neg.default(g)\noutput s, z\n",
    /* (cases 76-77) f16 and bf16 products on tensor cores (ci_bmm_tc, sm_80 on): K split in
       8 with a relu run by the last block of a tile, K of 40 (its last step ragged) and of 33
       (unaligned: a step element by element), edges of 1, 3 and 4 past a tile; a batch of
       whole tiles, aligned, with a sigmoid */
    "input a: f16[8, 2048]\ninput b: f16[2048, 40]\ninput w: f16[40, 1500]\n"
    "input e: f16[129, 33]\ninput f: f16[33, 131]\ny = aten.mm.default(a, b)\n"
    "r = aten.relu.default(y)\np = aten.mm.default(r, w)\nq = aten.neg.default(p)\n"
    "u = aten.mm.default(e, f)\noutput q, u\n",
    "input c: bf16[4, 256, 128]\ninput d: bf16[4, 128, 192]\nz = aten.bmm.default(c, d)\n"
    "s = aten.sigmoid.default(z)\noutput s\n",
};

/* graphs whose run fails whatever the inputs, on the GPU as on the host, with the host's
   message: the linear-algebra kernels' checks before their jobs and their infos, each at a
   batch element past the first (the GPU's threads report the first) */
static const char *const cuda_error_cases[] = {
    /* Cholesky of x x^T + 5 I with matrix 2 negated */
    "input x: f32[4, 5, 5]\nxt = aten.transpose.int(x, 1, 2)\ns = aten.bmm.default(x, xt)\n"
    "e = aten.eye.default(5)\nsp = aten.add.Tensor(s, e, alpha=5)\n"
    "a = aten.slice.Tensor(sp, 0, 0, 2)\nb = aten.slice.Tensor(sp, 0, 2, 3)\n"
    "nb = aten.neg.default(b)\nc = aten.slice.Tensor(sp, 0, 3, 4)\n"
    "m = aten.cat.default([a, nb, c])\nl = aten.linalg_cholesky.default(m)\noutput l\n",
    /* SVD and eigh of a batch whose matrix 2 is all NaN (the log of a negative) */
    "input x: f64[3, 4, 4]\nex = aten.exp.default(x)\nng = aten.neg.default(ex)\n"
    "lg = aten.log.default(ng)\na = aten.slice.Tensor(x, 0, 0, 2)\n"
    "c = aten.slice.Tensor(lg, 0, 2, 3)\nm = aten.cat.default([a, c])\n"
    "u, s, vh = aten.linalg_svd.default(m)\noutput s\n",
    "input x: f32[3, 4, 4]\nex = aten.exp.default(x)\nng = aten.neg.default(ex)\n"
    "lg = aten.log.default(ng)\na = aten.slice.Tensor(x, 0, 0, 2)\n"
    "c = aten.slice.Tensor(lg, 0, 2, 3)\nm = aten.cat.default([a, c])\n"
    "e, v = aten.linalg_eigh.default(m)\noutput e\n",
    /* pivots out of range: lu_solve's and lu_unpack's */
    "input y: f32[2, 3, 3]\ninput b: f32[2, 3, 1]\np = aten.full.default([2, 3], 7, dtype=i32)\n"
    "z = aten.linalg_lu_solve.default(y, p, b)\noutput z\n",
    "input y: f64[2, 3, 3]\np = aten.full.default([2, 3], 0, dtype=i32)\n"
    "pp, pl, pu = aten.lu_unpack.default(y, p)\noutput pp\n",
    /* a zero matrix at batch element 1: lu_factor's U[1,1], inv's diagonal element */
    "input x: f32[3, 6, 6]\nz = aten.zeros.default([1, 6, 6])\na = aten.slice.Tensor(x, 0, 0, 1)\n"
    "c = aten.slice.Tensor(x, 0, 1, 3)\nm = aten.cat.default([a, z, c])\n"
    "lu, piv = aten.linalg_lu_factor.default(m)\noutput lu, piv\n",
    "input x: f64[2, 3, 3]\nz = aten.zeros.default([2, 3, 3], dtype=f64)\n"
    "m = aten.cat.default([x, z])\ni = aten.linalg_inv.default(m)\noutput i\n",
    /* LDL^T: ldl_solve's pivots (matrix 1's zero), ldl_factor of a zero matrix 1 */
    "input d: f32[2, 3, 3]\ninput b: f32[2, 3, 1]\na = aten.arange.start(1, 4, dtype=i32)\n"
    "v = aten.unsqueeze.default(a, 0)\nz = aten.zeros.default([1, 3], dtype=i32)\n"
    "p = aten.cat.default([v, z])\nx = aten.linalg_ldl_solve.default(d, p, b)\noutput x\n",
    "input x: f64[3, 4, 4]\nxt = aten.transpose.int(x, 1, 2)\ns = aten.add.Tensor(x, xt)\n"
    "z = aten.zeros.default([1, 4, 4], dtype=f64)\na = aten.slice.Tensor(s, 0, 0, 1)\n"
    "c = aten.slice.Tensor(s, 0, 1, 3)\nm = aten.cat.default([a, z, c])\n"
    "ld, piv = aten.linalg_ldl_factor.default(m)\noutput ld, piv\n",
};

/* a graph of n inputs f32[3, 33] added in a chain, and each row's sum: a program of more
   pointer-table slots than a launch's parameters hold (>>cuemit's CI__CUEMIT_TAB_MAX) keeps
   its table in device memory. Text from malloc. CUDA_MANY_INPUTS: past that limit (500). */
#define CUDA_MANY_INPUTS 520
static char *cuda_many_inputs_cig(int n) {
    size_t cap = (size_t)n * 64 + 256, len = 0;
    char *s = (char *)malloc(cap);
    int i;
    if (!s) return NULL;
    for (i = 0; i < n; i++) len += (size_t)snprintf(s + len, cap - len, "input x%d: f32[3, 33]\n", i);
    len += (size_t)snprintf(s + len, cap - len, "s1 = aten.add.Tensor(x0, x1)\n");
    for (i = 2; i < n; i++)
        len += (size_t)snprintf(s + len, cap - len, "s%d = aten.add.Tensor(s%d, x%d)\n", i, i - 1, i);
    snprintf(s + len, cap - len, "y = aten.sum.dim_IntList(s%d, [1])\noutput s%d, y\n", n - 1, n - 1);
    return s;
}

#endif /* CUDA_CASES_H_INCLUDED */
