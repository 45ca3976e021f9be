"""Benchmarks run from the project's root (`python -m bench.real_path`)."""
