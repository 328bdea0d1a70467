"""Benchmark scripts: each prints figures; none asserts a time."""
