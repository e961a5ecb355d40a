"""Gemm -> divide by 2 -> sum over dim 1 -> scale by 1.5, as one coarse region, rewritten.

sum_n (x @ W.T)[m, n] = x[m] . W.sum(0): the N x K weight is reduced to one K vector (read once,
split over SPLIT_N row blocks for parallelism), then each row of x is dotted with it. The matmul's
2*M*N*K flops become N*K + M*K reads. Inputs follow the region task: (weight [N, K], x [M, K]).
"""
import torch
import triton
import triton.language as tl

SPLIT_N = 8


@triton.jit
def partial_column_sums(w_ptr, partial_ptr, N, K, rows_per_split,
                        BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    cols = tl.program_id(0) * BLOCK_K + tl.arange(0, BLOCK_K)
    first = tl.program_id(1) * rows_per_split
    acc = tl.zeros((BLOCK_K,), dtype=tl.float32)
    for n0 in range(first, first + rows_per_split, BLOCK_N):
        rows = n0 + tl.arange(0, BLOCK_N)
        keep = (rows[:, None] < N) & (rows[:, None] < first + rows_per_split) & (cols[None, :] < K)
        w = tl.load(w_ptr + rows[:, None] * K + cols[None, :], mask=keep, other=0.0)
        acc += tl.sum(w.to(tl.float32), axis=0)
    tl.store(partial_ptr + tl.program_id(1) * K + cols, acc, mask=cols < K)


@triton.jit
def scaled_row_dots(x_ptr, partial_ptr, out_ptr, M, K, scale,
                    SPLITS: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_K: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    acc = tl.zeros((BLOCK_M,), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        cols = k0 + tl.arange(0, BLOCK_K)
        v = tl.zeros((BLOCK_K,), dtype=tl.float32)
        for s in range(SPLITS):
            v += tl.load(partial_ptr + s * K + cols, mask=cols < K, other=0.0)
        x = tl.load(x_ptr + rows[:, None] * K + cols[None, :], mask=(rows[:, None] < M) & (cols[None, :] < K), other=0.0)
        acc += tl.sum(x.to(tl.float32) * v[None, :], axis=1)
    tl.store(out_ptr + rows, acc * scale, mask=rows < M)


class ModelNew(torch.nn.Module):
    def forward(self, weight, x):
        N, K = weight.shape
        M = x.shape[0]
        partial = torch.empty((SPLIT_N, K), device=x.device, dtype=torch.float32)
        rows_per_split = triton.cdiv(N, SPLIT_N)
        partial_column_sums[(triton.cdiv(K, 128), SPLIT_N)](weight, partial, N, K, rows_per_split,
                                                             BLOCK_N=32, BLOCK_K=128, num_warps=4)
        out = torch.empty((M, 1), device=x.device, dtype=x.dtype)
        scaled_row_dots[(triton.cdiv(M, 16),)](x, partial, out, M, K, 0.75, SPLITS=SPLIT_N,
                                               BLOCK_M=16, BLOCK_K=128, num_warps=4)
        return out
