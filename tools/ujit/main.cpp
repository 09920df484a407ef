// The ujit command-line tool (placeholder until the CLI lands).
#include <cstdio>
int main() { std::puts("ujit"); return 0; }
