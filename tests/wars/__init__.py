"""Tests of 3x3 Wars."""
