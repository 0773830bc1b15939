#!/usr/bin/env bash
# The DALI part of the GPU check (issue 32): nvJPEG decoding through shardify.dali on a lent GPU.
# DALI for CUDA 13 is ~190 MB as a wheel, over what one device call carries (64 MiB), so it travels
# in parts: here, `pip download` nvidia-dali-cuda130 and its needs (nvimgcodec-cu13, libnvcomp-cu13,
# nvjpeg, nvjpeg2k-cu13, nvtiff-cu13, nvtx, optree, makefun, libcst, astunparse, gast) for
# CPython 3.12, unzip them into one folder, keep only the cp312 extension modules, tar | xz, and split
# into parts that each call copies into PARTS (the machine stays warm between calls). Then:
#   bash benchmarks/gpu_dali_check.sh PARTS OUT_ORIGINALS OUT_STORED_256
# unpacks DALI, runs benchmarks/gpu_dali.py (the epoch and pixel checks, decode-only rates) and
# gpu_train.py's sources synthetic, cpu, gpu and dali on both outputs.
set -uo pipefail
parts=$1; shift
mkdir -p /tmp/dalisite
cat "$parts"/0 "$parts"/1 "$parts"/2 "$parts"/3 | sha256sum
cat "$parts"/0 "$parts"/1 "$parts"/2 "$parts"/3 | xz -d | tar x -C /tmp/dalisite || exit 1
if ls /tmp/whl/*.whl >/dev/null 2>&1; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site /tmp/whl/*.whl
fi
export PYTHONPATH=/tmp/site:/tmp/dalisite:$PWD
n=/tmp/dalisite/nvidia
export LD_LIBRARY_PATH=$n/cu13/lib:$n/nvjpeg2k/lib:$n/nvtiff/lib:$n/libnvcomp/lib64:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
echo "cpus: $(nproc)"
python3 -c "import nvidia.dali, nvidia.dali.plugin.pytorch, torch; print('dali', nvidia.dali.__version__, 'torch', torch.__version__)" || exit 1
export PYTHONUNBUFFERED=1
timeout 150 python3 -m benchmarks.gpu_dali "$@" --threads 14
timeout 330 python3 -m benchmarks.gpu_train "$@" --sources synthetic,cpu,gpu,dali --workers 14 --steps 40 --warmup 8 --json "${OUT:-/tmp}/train.json"
