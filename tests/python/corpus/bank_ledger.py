"""A ledger of transactions as parallel arrays: balances per account with np.add.at-free
loops, overdraft detection raising inside a helper, and a running minimum per account."""
import numpy as np
import pytest
from numba import njit
from _same import check_same


@njit
def apply(balances, account, amount, allow_overdraft):
    b = balances[account] + amount
    if b < 0 and not allow_overdraft:
        raise ValueError("overdraft")
    balances[account] = b


@njit
def run_ledger(n_accounts, accounts, amounts, allow_overdraft):
    balances = np.zeros(n_accounts)
    lowest = np.zeros(n_accounts)
    for i in range(accounts.shape[0]):
        apply(balances, accounts[i], amounts[i], allow_overdraft)
        lowest[accounts[i]] = min(lowest[accounts[i]], balances[accounts[i]])
    return balances, lowest


def check():
    rng = np.random.RandomState(42)
    acc = rng.randint(0, 4, 50)
    amt = np.round(rng.randn(50) * 100, 2)
    check_same(run_ledger, 4, acc, amt, True)
    with pytest.raises(ValueError, match="overdraft"):
        run_ledger(4, acc, amt, False)
