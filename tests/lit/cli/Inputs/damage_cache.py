"""damage_cache.py DIR: damages every cache entry of DIR in a different way (a flipped
payload byte, a truncation, a foreign header), keeping the file names."""
import os
import sys

d = sys.argv[1]
entries = sorted(f for f in os.listdir(d) if f.endswith('.ujc'))
for i, name in enumerate(entries):
    path = os.path.join(d, name)
    data = bytearray(open(path, 'rb').read())
    if i % 3 == 0:
        data[-5] ^= 0x01
    elif i % 3 == 1:
        data = data[:len(data) // 2]
    else:
        data[:8] = b'\x7fELF\x02\x01\x01\x00'
    open(path, 'wb').write(bytes(data))
