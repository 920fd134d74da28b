"""Afterlife (来世): a 40-card duel with an afterlife zone, public costs and seven instant timings."""
