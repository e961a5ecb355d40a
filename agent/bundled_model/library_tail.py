BLOCK = 1024


@triton.jit
def unary_kernel(x_ptr, out_ptr, n, OP: tl.constexpr, a, b, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask).to(tl.float32)
    if OP == 0:
        y = tl.abs(x)
    elif OP == 1:
        y = -x
    elif OP == 2:
        y = tl.exp(x)
    elif OP == 3:
        y = tl.log(x)
    elif OP == 4:
        y = tl.log(1.0 + x)
    elif OP == 5:
        y = tl.exp(x) - 1.0
    elif OP == 6:
        y = tl.sqrt(x)
    elif OP == 7:
        y = 1.0 / tl.sqrt(x)
    elif OP == 8:
        y = 1.0 / x
    elif OP == 9:
        y = tl.sin(x)
    elif OP == 10:
        y = tl.cos(x)
    elif OP == 11:
        y = tl.erf(x)
    elif OP == 12:
        y = tl.where(x > 0, 1.0, tl.where(x < 0, -1.0, 0.0))
    elif OP == 13:
        y = tl.maximum(x, 0.0)
    elif OP == 14:
        y = 1.0 / (1.0 + tl.exp(-x))
    elif OP == 15:
        y = 2.0 / (1.0 + tl.exp(-2.0 * x)) - 1.0
    elif OP == 16:
        y = x / (1.0 + tl.exp(-x))
    elif OP == 17:
        y = 0.5 * x * (1.0 + tl.erf(x * 0.7071067811865476))
    elif OP == 18:
        inner = 0.7978845608028654 * (x + 0.044715 * x * x * x)
        y = 0.5 * x * (1.0 + 2.0 / (1.0 + tl.exp(-2.0 * inner)) - 1.0)
    elif OP == 19:
        sp = tl.where(x > 20.0, x, tl.log(1.0 + tl.exp(tl.minimum(x, 20.0))))
        y = x * (2.0 / (1.0 + tl.exp(-2.0 * sp)) - 1.0)
    elif OP == 20:
        y = tl.where(x > 0, x, a * (tl.exp(tl.minimum(x, 0.0)) - 1.0))
    elif OP == 21:
        y = tl.where(x > 0, x, a * x)
    elif OP == 22:
        bx = a * x
        y = tl.where(bx > b, x, tl.log(1.0 + tl.exp(tl.minimum(bx, b))) / a)
    elif OP == 23:
        y = tl.minimum(tl.maximum(x, a), b)
    elif OP == 24:
        y = tl.exp(a * tl.log(tl.abs(x)))
        y = tl.where(x < 0, y * (1.0 - 2.0 * b), y)
        y = tl.where(x == 0, tl.where(a == 0, 1.0, 0.0), y)
    else:  # 25: a copy, cast to the output's dtype by the store
        y = x
    tl.store(out_ptr + offs, y, mask=mask)


@triton.jit
def binary_kernel(a_ptr, b_ptr, out_ptr, n, OP: tl.constexpr, alpha, FLOAT: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask)
    b = tl.load(b_ptr + offs, mask=mask)
    if FLOAT:
        a = a.to(tl.float32)
        b = b.to(tl.float32)
    if OP == 0:
        y = a + alpha * b
    elif OP == 1:
        y = a - alpha * b
    elif OP == 2:
        y = a * b
    elif OP == 3:
        y = a / b
    elif OP == 4:
        y = tl.where((a > b) | (a != a), a, b)
    elif OP == 5:
        y = tl.where((a < b) | (a != a), a, b)
    elif OP == 6:
        y = a > b
    elif OP == 7:
        y = a >= b
    elif OP == 8:
        y = a < b
    elif OP == 9:
        y = a <= b
    elif OP == 10:
        y = a == b
    elif OP == 11:
        y = a != b
    elif OP == 12:
        y = (a != 0) & (b != 0)
    elif OP == 13:
        y = (a != 0) | (b != 0)
    elif OP == 14:
        y = a & b
    elif OP == 15:
        y = a | b
    else:
        y = tl.exp(b.to(tl.float32) * tl.log(a.to(tl.float32)))
    tl.store(out_ptr + offs, y, mask=mask)


@triton.jit
def where_kernel(c_ptr, a_ptr, b_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    c = tl.load(c_ptr + offs, mask=mask)
    a = tl.load(a_ptr + offs, mask=mask)
    b = tl.load(b_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.where(c != 0, a, b), mask=mask)


@triton.jit
def addcmul_kernel(x_ptr, a_ptr, b_ptr, out_ptr, n, value, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask).to(tl.float32)
    a = tl.load(a_ptr + offs, mask=mask).to(tl.float32)
    b = tl.load(b_ptr + offs, mask=mask).to(tl.float32)
    tl.store(out_ptr + offs, x + value * a * b, mask=mask)


@triton.jit
def fill_kernel(out_ptr, n, value, start, step, OP: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    if OP == 0:
        y = tl.zeros([BLOCK], tl.float32) + value
    else:
        y = start + offs * step
    tl.store(out_ptr + offs, y, mask=mask)


def _shape(*shapes):
    """Broadcast shapes (torch's rule: align at the right, sizes of 1 stretch)."""
    rank = max(len(s) for s in shapes)
    out = []
    for i in range(rank):
        size = 1
        for s in shapes:
            j = i - rank + len(s)
            if j >= 0 and s[j] != 1:
                size = s[j]
        out.append(size)
    return out


def _dtype(*values):
    """The result dtype of an elementwise op: the widest float among tensors, else theirs; scalars decide last."""
    tensors = [v for v in values if isinstance(v, torch.Tensor)]
    floats = [t.dtype for t in tensors if t.is_floating_point()]
    if torch.float32 in floats or torch.float64 in floats:
        return torch.float32
    if floats:
        return floats[0]
    if any(isinstance(v, float) for v in values):
        return torch.float32
    kinds = [t.dtype for t in tensors if t.dtype != torch.bool]
    return kinds[0] if kinds else torch.bool


def _dense(x):
    """True when x covers its memory exactly once (contiguous up to a permutation of its dims)."""
    expected = 1
    for stride, size in sorted(zip(x.stride(), x.shape)):
        if size != 1 and stride != expected:
            return False
        expected *= size
    return True


def _operands(values, dtype):
    """Tensors of one shape and layout for a flat kernel (Python scalars become tensors of the operands'
    dtype), and the `dtype` output allocated in that layout."""
    device = [v for v in values if isinstance(v, torch.Tensor)][0].device
    common = _dtype(*values)
    tensors = [v if isinstance(v, torch.Tensor) else torch.full([], v, dtype=common, device=device)
               for v in values]
    shape = _shape(*[list(t.shape) for t in tensors])
    first = tensors[0]
    if all(list(t.shape) == shape and t.stride() == first.stride() for t in tensors) and _dense(first):
        return tensors, torch.empty_like(first, dtype=dtype)
    tensors = [t.expand(shape).contiguous() for t in tensors]
    return tensors, torch.empty(shape, dtype=dtype, device=device)


def _unary(x, op, a=0.0, b=0.0, dtype=None):
    (x,), out = _operands([x], dtype or (x.dtype if x.is_floating_point() else torch.float32))
    n = out.numel()
    unary_kernel[(triton.cdiv(n, BLOCK),)](x, out, n, op, a, b, BLOCK=BLOCK)
    return out


def _binary(a, b, op, alpha=1, dtype=None):
    common = _dtype(a, b)
    (a, b), out = _operands([a, b], dtype or common)
    n = out.numel()
    binary_kernel[(triton.cdiv(n, BLOCK),)](a, b, out, n, op, alpha, common.is_floating_point, BLOCK=BLOCK)
    return out


def op_abs(x):
    return _unary(x, 0, dtype=x.dtype)


def op_neg(x):
    return _unary(x, 1, dtype=x.dtype)


def op_exp(x):
    return _unary(x, 2)


def op_log(x):
    return _unary(x, 3)


def op_log1p(x):
    return _unary(x, 4)


def op_expm1(x):
    return _unary(x, 5)


def op_sqrt(x):
    return _unary(x, 6)


def op_rsqrt(x):
    return _unary(x, 7)


def op_reciprocal(x):
    return _unary(x, 8)


def op_sin(x):
    return _unary(x, 9)


def op_cos(x):
    return _unary(x, 10)


def op_erf(x):
    return _unary(x, 11)


def op_sign(x):
    return _unary(x, 12, dtype=x.dtype)


def op_relu(x, inplace=False):
    return _unary(x, 13, dtype=x.dtype)


def op_sigmoid(x):
    return _unary(x, 14)


def op_tanh(x):
    return _unary(x, 15)


def op_silu(x, inplace=False):
    return _unary(x, 16)


def op_gelu(x, approximate="none"):
    return _unary(x, 18 if approximate == "tanh" else 17)


def op_mish(x, inplace=False):
    return _unary(x, 19)


def op_elu(x, alpha=1.0, inplace=False):
    return _unary(x, 20, alpha)


def op_leaky_relu(x, negative_slope=0.01, inplace=False):
    return _unary(x, 21, negative_slope)


def op_softplus(x, beta=1.0, threshold=20.0):
    return _unary(x, 22, beta, threshold)


def op_clamp(x, low=None, high=None):
    return _unary(x, 23, -math.inf if low is None else low, math.inf if high is None else high, dtype=x.dtype)


def op_clamp_min(x, low):
    return op_clamp(x, low, None)


def op_clamp_max(x, high):
    return op_clamp(x, None, high)


def op_clone(x, memory_format=None):
    return _unary(x.contiguous() if memory_format is not None else x, 25, dtype=x.dtype)


def op_convert_element_type(x, dtype):
    return _unary(x, 25, dtype=dtype)


def op_pow(x, exponent):
    if isinstance(exponent, torch.Tensor):
        return _binary(x, exponent, 16)
    if exponent == 2:
        return _binary(x, x, 2)
    odd = 1.0 if float(exponent) % 2 == 1 else 0.0  # b: the sign of a negative base's power
    return _unary(x, 24, float(exponent), odd)


def op_add(a, b, alpha=1):
    return _binary(a, b, 0, alpha)


def op_sub(a, b, alpha=1):
    return _binary(a, b, 1, alpha)


def op_mul(a, b):
    return _binary(a, b, 2)


def op_div(a, b):
    return _binary(a, b, 3, dtype=_dtype(a, b, 1.0))


def op_maximum(a, b):
    return _binary(a, b, 4)


def op_minimum(a, b):
    return _binary(a, b, 5)


def op_gt(a, b):
    return _binary(a, b, 6, dtype=torch.bool)


def op_ge(a, b):
    return _binary(a, b, 7, dtype=torch.bool)


def op_lt(a, b):
    return _binary(a, b, 8, dtype=torch.bool)


def op_le(a, b):
    return _binary(a, b, 9, dtype=torch.bool)


def op_eq(a, b):
    return _binary(a, b, 10, dtype=torch.bool)


def op_ne(a, b):
    return _binary(a, b, 11, dtype=torch.bool)


def op_logical_and(a, b):
    return _binary(a, b, 12, dtype=torch.bool)


def op_logical_or(a, b):
    return _binary(a, b, 13, dtype=torch.bool)


def op_logical_not(x):
    return _binary(x, False, 10, dtype=torch.bool)


def op_bitwise_and(a, b):
    return _binary(a, b, 14)


def op_bitwise_or(a, b):
    return _binary(a, b, 15)


def op_where(condition, a, b):
    (c, a, b), out = _operands([condition, a, b], _dtype(a, b))
    n = out.numel()
    where_kernel[(triton.cdiv(n, BLOCK),)](c, a, b, out, n, BLOCK=BLOCK)
    return out


def op_addcmul(x, a, b, value=1):
    (x, a, b), out = _operands([x, a, b], _dtype(x, a, b))
    n = out.numel()
    addcmul_kernel[(triton.cdiv(n, BLOCK),)](x, a, b, out, n, value, BLOCK=BLOCK)
    return out


def op_full(size, fill_value, dtype=None, device=None):
    out = torch.empty(size, dtype=dtype or torch.float32, device=device)
    n = out.numel()
    fill_kernel[(triton.cdiv(n, BLOCK),)](out, n, fill_value, 0, 0, 0, BLOCK=BLOCK)
    return out


def op_scalar_tensor(value, dtype=None, device=None):
    return op_full([], value, dtype, device)


def op_iota(length, start=0, step=1, dtype=None, device=None):
    out = torch.empty([length], dtype=dtype or torch.int64, device=device)
    fill_kernel[(triton.cdiv(length, BLOCK),)](out, length, 0, start, step, 1, BLOCK=BLOCK)
    return out


def op_reshape(x, shape):
    return x.reshape(shape)


def op_view(x, shape):
    return x.view(shape)


def op_permute(x, dims):
    return x.permute(dims)


def op_unsqueeze(x, dim):
    return x.unsqueeze(dim)


def op_squeeze(x, dims=None):
    return x.squeeze() if dims is None else x.squeeze(dims)


def op_expand(x, shape):
    return x.expand(shape)


def op_select(x, dim, index):
    return x.select(dim, index)


def op_as_strided(x, size, stride, storage_offset=None):
    return x.as_strided(size, stride) if storage_offset is None else x.as_strided(size, stride, storage_offset)


def op_transpose(x, dim0, dim1):
    return x.transpose(dim0, dim1)


@triton.jit
def reduce_kernel(x_ptr, out_ptr, R, correction, OP: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    base = x_ptr + row.to(tl.int64) * R
    cols = tl.arange(0, BLOCK)
    if OP == 2:
        acc = tl.full([BLOCK], float("-inf"), tl.float32)
    elif OP == 3:
        acc = tl.full([BLOCK], float("inf"), tl.float32)
    else:
        acc = tl.zeros([BLOCK], tl.float32)
    for start in range(0, R, BLOCK):
        mask = start + cols < R
        if OP == 2:
            x = tl.load(base + start + cols, mask=mask, other=float("-inf")).to(tl.float32)
            acc = tl.maximum(acc, x)
        elif OP == 3:
            x = tl.load(base + start + cols, mask=mask, other=float("inf")).to(tl.float32)
            acc = tl.minimum(acc, x)
        elif OP == 5:
            x = tl.load(base + start + cols, mask=mask, other=0).to(tl.float32)
            acc = tl.maximum(acc, tl.where(x != 0, 1.0, 0.0))
        else:
            acc += tl.load(base + start + cols, mask=mask, other=0).to(tl.float32)
    if OP == 2:
        total = tl.max(acc, 0)
    elif OP == 3:
        total = tl.min(acc, 0)
    elif OP == 5:
        total = tl.max(acc, 0)
    else:
        total = tl.sum(acc, 0)
    if OP == 1:
        total = total / R
    if OP == 4:
        mean = total / R
        sq = tl.zeros([BLOCK], tl.float32)
        for start in range(0, R, BLOCK):
            mask = start + cols < R
            x = tl.load(base + start + cols, mask=mask, other=0).to(tl.float32)
            d = tl.where(mask, x - mean, 0.0)
            sq += d * d
        total = tl.sum(sq, 0) / tl.maximum(R - correction, 0)
        tl.store(out_ptr + row * 2 + 1, mean)
        tl.store(out_ptr + row * 2, total)
    else:
        tl.store(out_ptr + row, total)


def _dims(x, dim):
    """The reduced dims of x, sorted and non-negative (None or [] means all)."""
    if dim is None or (isinstance(dim, (list, tuple)) and len(dim) == 0):
        return list(range(x.dim()))
    dims = dim if isinstance(dim, (list, tuple)) else [dim]
    return sorted(d % max(x.dim(), 1) for d in dims)


def _rows(x, dims):
    """x with the reduced dims moved last, as a contiguous (rows, R) matrix, and the kept dims' sizes."""
    kept = [d for d in range(x.dim()) if d not in dims]
    r = 1
    for d in dims:
        r *= x.shape[d]
    rows = x.permute(kept + dims).contiguous().reshape(-1, r)
    return rows, kept


def _reduced_shape(x, dims, kept, keepdim):
    if keepdim:
        return [1 if d in dims else x.shape[d] for d in range(x.dim())]
    return [x.shape[d] for d in kept]


def _reduce(x, dim, keepdim, op, dtype=None, correction=1):
    dims = _dims(x, dim)
    rows, kept = _rows(x, dims)
    out = torch.empty([rows.shape[0]], dtype=dtype or x.dtype, device=x.device)
    reduce_kernel[(rows.shape[0],)](rows, out, rows.shape[1], correction, op, BLOCK=BLOCK)
    return out.reshape(_reduced_shape(x, dims, kept, keepdim))


def op_sum(x, dim=None, keepdim=False, dtype=None):
    return _reduce(x, dim, keepdim, 0, dtype)


def op_mean(x, dim=None, keepdim=False, dtype=None):
    return _reduce(x, dim, keepdim, 1, dtype)


def op_amax(x, dim=None, keepdim=False):
    return _reduce(x, dim, keepdim, 2)


def op_amin(x, dim=None, keepdim=False):
    return _reduce(x, dim, keepdim, 3)


def op_any(x, dim=None, keepdim=False):
    return _reduce(x, dim, keepdim, 5, torch.bool)


def _moments(x, dim, correction, keepdim, unbiased):
    if correction is None:
        correction = 1 if unbiased else 0
    dims = _dims(x, dim)
    rows, kept = _rows(x, dims)
    out = torch.empty([rows.shape[0], 2], dtype=torch.float32, device=x.device)
    reduce_kernel[(rows.shape[0],)](rows, out, rows.shape[1], correction, 4, BLOCK=BLOCK)
    shape = _reduced_shape(x, dims, kept, keepdim)
    return op_convert_element_type(out.select(1, 0), x.dtype).reshape(shape), \
        op_convert_element_type(out.select(1, 1), x.dtype).reshape(shape)


def op_var(x, dim=None, unbiased=True, keepdim=False, correction=None):
    return _moments(x, dim, correction, keepdim, unbiased)[0]


def op_var_mean(x, dim=None, unbiased=True, keepdim=False, correction=None):
    return _moments(x, dim, correction, keepdim, unbiased)


@triton.jit
def row_kernel(x_ptr, out_ptr, R, OP: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    base = x_ptr + row.to(tl.int64) * R
    out = out_ptr + row.to(tl.int64) * R
    cols = tl.arange(0, BLOCK)
    m = tl.full([BLOCK], float("-inf"), tl.float32)
    for start in range(0, R, BLOCK):
        x = tl.load(base + start + cols, mask=start + cols < R, other=float("-inf")).to(tl.float32)
        m = tl.maximum(m, x)
    row_max = tl.max(m, 0)
    s = tl.zeros([BLOCK], tl.float32)
    for start in range(0, R, BLOCK):
        x = tl.load(base + start + cols, mask=start + cols < R, other=float("-inf")).to(tl.float32)
        s += tl.exp(x - row_max)
    total = tl.sum(s, 0)
    if OP == 2:
        tl.store(out_ptr + row, row_max + tl.log(total))
    else:
        for start in range(0, R, BLOCK):
            mask = start + cols < R
            x = tl.load(base + start + cols, mask=mask, other=float("-inf")).to(tl.float32)
            if OP == 0:
                y = tl.exp(x - row_max) / total
            else:
                y = x - row_max - tl.log(total)
            tl.store(out + start + cols, y, mask=mask)


@triton.jit
def scan_kernel(x_ptr, out_ptr, R, OP: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    base = x_ptr + row.to(tl.int64) * R
    out = out_ptr + row.to(tl.int64) * R
    cols = tl.arange(0, BLOCK)
    carry = tl.sum(tl.zeros([BLOCK], tl.float32), 0)
    if OP == 1:
        carry = carry + float("-inf")
    for start in range(0, R, BLOCK):
        mask = start + cols < R
        if OP == 0:
            x = tl.load(base + start + cols, mask=mask, other=0).to(tl.float32)
            y = tl.cumsum(x, 0) + carry
            carry = carry + tl.sum(x, 0)
        else:
            x = tl.load(base + start + cols, mask=mask, other=float("-inf")).to(tl.float32)
            top = tl.maximum(tl.max(x, 0), carry)
            e = tl.exp(x - top)
            y = top + tl.log(tl.cumsum(e, 0) + tl.exp(carry - top))
            carry = top + tl.log(tl.sum(e, 0) + tl.exp(carry - top))
        tl.store(out + start + cols, y, mask=mask)


def _along(x, dim, op, kernel, dtype=None):
    """Run a per-row kernel along `dim`; the output has x's shape, contiguous."""
    d = dim % x.dim()
    rows, kept = _rows(x, [d])
    out = torch.empty(rows.shape, dtype=dtype or x.dtype, device=x.device)
    kernel[(rows.shape[0],)](rows, out, rows.shape[1], op, BLOCK=BLOCK)
    order = kept + [d]
    inverse = [order.index(i) for i in range(x.dim())]
    return out.reshape([x.shape[i] for i in order]).permute(inverse).contiguous()


def op_softmax(x, dim, dtype=None):
    return _along(x, dim, 0, row_kernel, dtype)


def op_log_softmax(x, dim, dtype=None):
    return _along(x, dim, 1, row_kernel, dtype)


def op_logsumexp(x, dim, keepdim=False):
    dims = _dims(x, dim)
    rows, kept = _rows(x, dims)
    out = torch.empty([rows.shape[0]], dtype=x.dtype, device=x.device)
    row_kernel[(rows.shape[0],)](rows, out, rows.shape[1], 2, BLOCK=BLOCK)
    return out.reshape(_reduced_shape(x, dims, kept, keepdim))


def op_cumsum(x, dim, dtype=None):
    return _along(x, dim, 0, scan_kernel, dtype)


def op_logcumsumexp(x, dim):
    return _along(x, dim, 1, scan_kernel)


@triton.jit
def matmul_kernel(a_ptr, b_ptr, out_ptr, M, N, K, sab, sam, sak, sbb, sbk, sbn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    batch = tl.program_id(2).to(tl.int64)
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a_mask = (rm[:, None] < M) & (k + rk[None, :] < K)
        b_mask = (k + rk[:, None] < K) & (rn[None, :] < N)
        a = tl.load(a_ptr + batch * sab + rm[:, None] * sam + (k + rk[None, :]) * sak, mask=a_mask, other=0)
        b = tl.load(b_ptr + batch * sbb + (k + rk[:, None]) * sbk + rn[None, :] * sbn, mask=b_mask, other=0)
        acc += tl.dot(a, b, input_precision="ieee")
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    tl.store(out_ptr + batch * M * N + rm[:, None] * N + rn[None, :], acc, mask=mask)


def op_bmm(a, b):
    batch, m, k = a.shape
    n = b.shape[2]
    out = torch.empty([batch, m, n], dtype=a.dtype, device=a.device)
    grid = (triton.cdiv(m, 32), triton.cdiv(n, 32), batch)
    matmul_kernel[grid](a, b, out, m, n, k, a.stride(0), a.stride(1), a.stride(2), b.stride(0), b.stride(1),
                        b.stride(2), BLOCK_M=32, BLOCK_N=32, BLOCK_K=32)
    return out


def op_mm(a, b):
    return op_bmm(a.unsqueeze(0), b.unsqueeze(0)).squeeze(0)


def op_addmm(bias, a, b, beta=1, alpha=1):
    return op_add(op_mul(op_mm(a, b), alpha) if alpha != 1 else op_mm(a, b),
                  op_mul(bias, beta) if beta != 1 else bias)


def op_matmul(a, b):
    if a.dim() == 1:
        return op_matmul(a.unsqueeze(0), b).squeeze(-2)
    if b.dim() == 1:
        return op_matmul(a, b.unsqueeze(-1)).squeeze(-1)
    batch = _shape(list(a.shape[:-2]), list(b.shape[:-2]))
    a3 = a.expand(batch + list(a.shape[-2:])).reshape(-1, a.shape[-2], a.shape[-1])
    b3 = b.expand(batch + list(b.shape[-2:])).reshape(-1, b.shape[-2], b.shape[-1])
    return op_bmm(a3, b3).reshape(batch + [a.shape[-2], b.shape[-1]])


def op_linear(x, weight, bias=None):
    out = op_matmul(x, weight.t())
    return out if bias is None else op_add(out, bias)


@triton.jit
def conv2d_kernel(x_ptr, w_ptr, out_ptr, N, C, H, W, CO, OH, OW, CG, KH, KW, SH, SW, PH, PW, DH, DW, COG,
                  BLOCK_P: tl.constexpr, BLOCK_C: tl.constexpr, BLOCK_K: tl.constexpr):
    p = tl.program_id(0) * BLOCK_P + tl.arange(0, BLOCK_P)
    co = tl.program_id(1) * BLOCK_C + tl.arange(0, BLOCK_C)
    group = tl.program_id(2)
    n = p // (OH * OW)
    oh = p // OW % OH
    ow = p % OW
    K = CG * KH * KW
    rk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_P, BLOCK_C), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        k = k0 + rk
        ci = k // (KH * KW)
        kh = k // KW % KH
        kw = k % KW
        ih = oh[:, None] * SH - PH + kh[None, :] * DH
        iw = ow[:, None] * SW - PW + kw[None, :] * DW
        x_mask = (p[:, None] < N * OH * OW) & (k[None, :] < K) & (ih >= 0) & (ih < H) & (iw >= 0) & (iw < W)
        x_off = ((n[:, None] * C + group * CG + ci[None, :]) * H + ih) * W + iw
        x = tl.load(x_ptr + x_off, mask=x_mask, other=0)
        w_mask = (k[:, None] < K) & (co[None, :] < COG)
        w = tl.load(w_ptr + (group * COG + co[None, :]) * K + k[:, None], mask=w_mask, other=0)
        acc += tl.dot(x, w, input_precision="ieee")
    out_off = ((n[:, None] * CO + group * COG + co[None, :]) * OH + oh[:, None]) * OW + ow[:, None]
    tl.store(out_ptr + out_off, acc, mask=(p[:, None] < N * OH * OW) & (co[None, :] < COG))


def _pair(value):
    return list(value) * (2 // len(value)) if isinstance(value, (list, tuple)) else [value, value]


def op_conv2d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    x = x.contiguous()
    weight = weight.contiguous()
    n, c, h, w = x.shape
    co, cg, kh, kw = weight.shape
    sh, sw = _pair(stride)
    ph, pw = _pair(padding)
    dh, dw = _pair(dilation)
    oh = (h + 2 * ph - dh * (kh - 1) - 1) // sh + 1
    ow = (w + 2 * pw - dw * (kw - 1) - 1) // sw + 1
    out = torch.empty([n, co, oh, ow], dtype=x.dtype, device=x.device)
    cog = co // groups
    grid = (triton.cdiv(n * oh * ow, 32), triton.cdiv(cog, 32), groups)
    conv2d_kernel[grid](x, weight, out, n, c, h, w, co, oh, ow, cg, kh, kw, sh, sw, ph, pw, dh, dw, cog,
                        BLOCK_P=32, BLOCK_C=32, BLOCK_K=32)
    return out if bias is None else op_add(out, bias.reshape([co, 1, 1]))


def op_convolution(x, weight, bias, stride, padding, dilation, transposed, output_padding, groups):
    if transposed:
        raise NotImplementedError("transposed convolution")
    return op_conv2d(x, weight, bias, stride, padding, dilation, groups)


@triton.jit
def pool2d_kernel(x_ptr, out_ptr, total, H, W, OH, OW, KH, KW, SH, SW, PH, PW, OP: tl.constexpr,
                  BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < total
    plane = offs // (OH * OW)
    oh = offs // OW % OH
    ow = offs % OW
    if OP == 2:
        h0 = oh * H // OH
        h1 = ((oh + 1) * H + OH - 1) // OH
        w0 = ow * W // OW
        w1 = ((ow + 1) * W + OW - 1) // OW
    else:
        h0 = oh * SH - PH
        h1 = h0 + KH
        w0 = ow * SW - PW
        w1 = w0 + KW
    best = tl.full([BLOCK], float("-inf"), tl.float32)
    acc = tl.zeros([BLOCK], tl.float32)
    for kh in range(0, KH):
        for kw in range(0, KW):
            ih = h0 + kh
            iw = w0 + kw
            inside = mask & (ih < h1) & (iw < w1) & (ih >= 0) & (ih < H) & (iw >= 0) & (iw < W)
            x = tl.load(x_ptr + (plane.to(tl.int64) * H + ih) * W + iw, mask=inside, other=float("-inf"))
            best = tl.maximum(best, x.to(tl.float32))
            acc += tl.where(inside, x.to(tl.float32), 0.0)
    if OP == 0:
        y = best
    elif OP == 1:
        y = acc / (KH * KW)
    else:
        y = acc / ((h1 - h0) * (w1 - w0))
    tl.store(out_ptr + offs, y, mask=mask)


def _pool(x, op, kernel_size, stride, padding, out_hw=None):
    x = x.contiguous()
    h, w = x.shape[-2], x.shape[-1]
    kh, kw = _pair(kernel_size)
    sh, sw = _pair(stride if stride is not None and stride != [] else kernel_size)
    ph, pw = _pair(padding)
    if out_hw is None:
        oh, ow = (h + 2 * ph - kh) // sh + 1, (w + 2 * pw - kw) // sw + 1
    else:
        oh, ow = out_hw
    out = torch.empty(list(x.shape[:-2]) + [oh, ow], dtype=x.dtype, device=x.device)
    total = out.numel()
    pool2d_kernel[(triton.cdiv(total, BLOCK),)](x, out, total, h, w, oh, ow, kh, kw, sh, sw, ph, pw, op,
                                                BLOCK=BLOCK)
    return out


def op_max_pool2d(x, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    return _pool(x, 0, kernel_size, stride, padding)


def op_avg_pool2d(x, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
                  divisor_override=None):
    return _pool(x, 1, kernel_size, stride, padding)


def op_adaptive_avg_pool2d(x, output_size):
    oh, ow = _pair(output_size)
    h, w = x.shape[-2], x.shape[-1]
    return _pool(x, 2, [(h + oh - 1) // oh + 1, (w + ow - 1) // ow + 1], 1, 0, [oh, ow])


@triton.jit
def norm_kernel(x_ptr, w_ptr, b_ptr, out_ptr, R, G, CG, INNER, eps, AFFINE: tl.constexpr, PER_CHANNEL: tl.constexpr,
                BLOCK: tl.constexpr):
    row = tl.program_id(0)
    base = x_ptr + row.to(tl.int64) * R
    out = out_ptr + row.to(tl.int64) * R
    cols = tl.arange(0, BLOCK)
    s = tl.zeros([BLOCK], tl.float32)
    for start in range(0, R, BLOCK):
        s += tl.load(base + start + cols, mask=start + cols < R, other=0).to(tl.float32)
    mean = tl.sum(s, 0) / R
    q = tl.zeros([BLOCK], tl.float32)
    for start in range(0, R, BLOCK):
        mask = start + cols < R
        x = tl.load(base + start + cols, mask=mask, other=0).to(tl.float32)
        d = tl.where(mask, x - mean, 0.0)
        q += d * d
    rstd = 1.0 / tl.sqrt(tl.sum(q, 0) / R + eps)
    for start in range(0, R, BLOCK):
        mask = start + cols < R
        x = tl.load(base + start + cols, mask=mask, other=0).to(tl.float32)
        y = (x - mean) * rstd
        if AFFINE:
            if PER_CHANNEL:
                idx = row % G * CG + (start + cols) // INNER
            else:
                idx = start + cols
            y = y * tl.load(w_ptr + idx, mask=mask, other=1).to(tl.float32) \
                + tl.load(b_ptr + idx, mask=mask, other=0).to(tl.float32)
        tl.store(out + start + cols, y, mask=mask)


def _norm(x, r, weight, bias, eps, groups, per_channel, inner):
    x = x.contiguous()
    rows = x.numel() // r
    out = torch.empty_like(x)
    affine = weight is not None
    w = weight if affine else x
    b = bias if bias is not None else (op_mul(weight, 0) if affine else x)
    norm_kernel[(rows,)](x, w, b, out, r, groups, r // inner if per_channel else 1, inner, eps, affine,
                         per_channel, BLOCK=BLOCK)
    return out


def op_layer_norm(x, normalized_shape, weight=None, bias=None, eps=1e-05):
    r = 1
    for size in normalized_shape:
        r *= size
    return _norm(x, r, weight, bias, eps, 1, False, 1)


def op_group_norm(x, num_groups, weight=None, bias=None, eps=1e-05):
    inner = 1
    for size in x.shape[2:]:
        inner *= size
    return _norm(x, x.shape[1] // num_groups * inner, weight, bias, eps, num_groups, True, inner)


def op_batch_norm(x, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-05):
    if training:
        raise NotImplementedError("batch_norm in training mode")
    shape = [1, x.shape[1]] + [1] * (x.dim() - 2)
    y = op_div(op_sub(x, running_mean.reshape(shape)), op_sqrt(op_add(running_var.reshape(shape), eps)))
    if weight is not None:
        y = op_mul(y, weight.reshape(shape))
    if bias is not None:
        y = op_add(y, bias.reshape(shape))
    return y


@triton.jit
def gather_rows_kernel(w_ptr, idx_ptr, out_ptr, D, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    index = tl.load(idx_ptr + row).to(tl.int64)
    cols = tl.arange(0, BLOCK)
    for start in range(0, D, BLOCK):
        mask = start + cols < D
        tl.store(out_ptr + row.to(tl.int64) * D + start + cols, tl.load(w_ptr + index * D + start + cols, mask=mask),
                 mask=mask)


def op_embedding(weight, indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False):
    weight = weight.contiguous()
    indices = indices.contiguous()
    d = weight.shape[1]
    out = torch.empty(list(indices.shape) + [d], dtype=weight.dtype, device=weight.device)
    gather_rows_kernel[(indices.numel(),)](weight, indices, out, d, BLOCK=BLOCK)
    return out
