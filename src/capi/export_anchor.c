/* libujit.so is built from the core archive; CMake needs one source of its own here. */
int ujit_export_anchor_ = 0;
