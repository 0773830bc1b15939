#!/usr/bin/env bash
# The GPU check of docs/performance.md, as run on a lent GPU machine (device tool): ResNet-50 trained
# from synthetic tensors, from shardify.torch decoding on the CPU and from nvJPEG decoding on the GPU,
# on stored originals and on shards stored at 256 px. Needs there: python3 with torch and
# torchvision (the machine's own), google-crc32c (carried as a wheel in .whl/), and the two outputs
# under bench_data/gpu/ made here (benchmarks/gpu_train.py's docstring says how).
set -euo pipefail
if ls .whl/*.whl >/dev/null 2>&1; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl
  export PYTHONPATH=/tmp/site:$PWD
else
  export PYTHONPATH=$PWD
fi
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
echo "cpus: $(nproc)"
python3 -c "import torch, torchvision; print('torch', torch.__version__, 'torchvision', torchvision.__version__)"
python3 -m benchmarks.gpu_train "$@"
