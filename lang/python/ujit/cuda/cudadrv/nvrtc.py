def find_closest_arch(cc): return cc
def _get_nvrtc_version(): return (12, 0)
