"""Beam's S3 file system shares one boto3 client per process and set of options
(beam_jobs/runners/s3_clients.py); the round trip through moto's S3 server is test_cloud_paths.py's."""

from __future__ import annotations

import pytest

pytest.importorskip("boto3", reason="needs apache-beam[aws]")

from apache_beam.io.aws.clients.s3 import boto3_client
from apache_beam.options.pipeline_options import PipelineOptions

from shardify.beam_jobs.runners.s3_clients import share_s3_clients


def _options(endpoint: str, key: str = "a") -> PipelineOptions:
    return PipelineOptions([f"--s3_endpoint_url={endpoint}", f"--s3_access_key_id={key}", "--s3_secret_access_key=b",
                            "--s3_region_name=us-east-1"])


def test_calls_with_the_same_options_share_a_boto3_client_under_wrappers_of_their_own() -> None:
    share_s3_clients()
    share_s3_clients()  # idempotent: not a wrapper around a wrapper
    assert type(boto3_client.boto3.session).__name__ == "_SharedBoto3" and not hasattr(boto3_client.boto3._boto3, "_boto3")
    first, second = boto3_client.Client(_options("http://127.0.0.1:1")), boto3_client.Client(_options("http://127.0.0.1:1"))
    assert first is not second and first.client is second.client  # a streamed download's state stays each call's
    other_endpoint = boto3_client.Client(_options("http://127.0.0.1:2"))
    other_key = boto3_client.Client(_options("http://127.0.0.1:1", key="c"))
    assert other_endpoint.client is not first.client and other_endpoint.client.meta.endpoint_url == "http://127.0.0.1:2"
    assert other_key.client is not first.client
    assert other_key.client._request_signer._credentials.access_key == "c"
