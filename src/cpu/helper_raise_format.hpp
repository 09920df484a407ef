// A raise whose exception arguments are run-time values (Numba's dynamic exceptions;
// codegen/lower_raise.cpp): generated code formats the payload first, while it still holds
// the values, releases what it holds, then raises the payload as a constant one
// (`ujit_rt_raise(RuntimeError::Raised, payload)`).
#pragma once

// Writes "CLASS\0MESSAGE\0WHERE" (codegen::raised_payload's form) into this thread's payload
// buffer and returns it; MESSAGE is formatted from `format` and the operands as ujit_rt_print
// formats them (cpu/helper_print.hpp). The buffer holds until the next call on this thread;
// a message past it (4 KiB, less the class and the place) is cut short.
extern "C" const char* ujit_rt_format_raise(const char* class_name, const char* where, const char* format, ...);
