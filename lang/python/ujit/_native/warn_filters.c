/* Whether Python's warnings filters ignore a warning, known without raising it.
 *
 * kernel[grid, block] with a small grid raises Numba's low-occupancy warning at every
 * configuration. Raising a warning through CPython costs microseconds even when a filter
 * ignores it (the caller's frame and line, the warning object, the registry, each filter's
 * regular expressions), more than the launch itself. The filters decide the same way for
 * the same warnings while they stand unchanged, so this keeps a snapshot of them (the
 * `warnings.filters` list object, each of its items, `warnings._defaultaction`) and a
 * generation number that changes whenever the snapshot does; a caller remembers the
 * generation at which its warning was found ignored and skips raising it while that holds.
 *
 * Only "ignore" is remembered, and only where no filter that could apply looks at the
 * module or line (those depend on the caller): every other action ("error", "always",
 * "default", "once", "module") is left to CPython's own warn, so the registry, showwarning
 * and catch_warnings(record=True) behave exactly as for any warning. */
#include "ext.h"

static PyObject *str_warnings, *str_filters, *str_defaultaction, *str_match, *str_ignore;
static PyObject* snapshot_list;  /* the warnings.filters list seen last (a strong reference) */
static PyObject* snapshot_items; /* a tuple of its items then, held so their ids stay theirs */
static PyObject* snapshot_default;
static unsigned long generation; /* 0: no usable snapshot */

static int init_strings(void) {
    if (str_warnings) return 0;
    str_warnings = PyUnicode_InternFromString("warnings");
    str_filters = PyUnicode_InternFromString("filters");
    str_defaultaction = PyUnicode_InternFromString("_defaultaction");
    str_match = PyUnicode_InternFromString("match");
    str_ignore = PyUnicode_InternFromString("ignore");
    return str_warnings && str_filters && str_defaultaction && str_match && str_ignore ? 0 : -1;
}

static int same_as_snapshot(PyObject* list, PyObject* deflt) {
    if (list != snapshot_list || deflt != snapshot_default) return 0;
    Py_ssize_t n = PyList_GET_SIZE(list);
    if (n != PyTuple_GET_SIZE(snapshot_items)) return 0;
    for (Py_ssize_t i = 0; i < n; ++i)
        if (PyList_GET_ITEM(list, i) != PyTuple_GET_ITEM(snapshot_items, i)) return 0;
    return 1;
}

unsigned long ujit_py_warning_filters_generation(void) {
    if (init_strings() < 0) {
        PyErr_Clear();
        return 0;
    }
    /* sys.modules' (what CPython's warn reads; PyImport_GetModule would also ask the
     * module's spec whether it is still importing, which costs more than all the rest) */
    PyObject* module = PyDict_GetItemWithError(PyImport_GetModuleDict(), str_warnings); /* borrowed */
    if (!module) {
        PyErr_Clear();
        return 0;
    }
    PyObject* list = ujit_py_module_attr(module, str_filters);
    PyObject* deflt = list ? ujit_py_module_attr(module, str_defaultaction) : NULL;
    unsigned long gen = 0;
    if (deflt && PyList_CheckExact(list)) {
        if (generation && same_as_snapshot(list, deflt)) {
            gen = generation;
        } else {
            PyObject* items = PyList_AsTuple(list);
            if (items) {
                Py_XSETREF(snapshot_list, Py_NewRef(list));
                Py_XSETREF(snapshot_items, items);
                Py_XSETREF(snapshot_default, Py_NewRef(deflt));
                gen = ++generation ? generation : ++generation; /* never 0 */
            }
        }
    }
    Py_XDECREF(list);
    Py_XDECREF(deflt);
    if (!gen) PyErr_Clear();
    return gen;
}

/* 1 when `pattern` (a filter's compiled message or module regex, or None) matches `text`,
 * 0 when not, -1 when it cannot be told here (no error set). */
static int matches(PyObject* pattern, PyObject* text) {
    if (pattern == Py_None) return 1;
    if (PyUnicode_CheckExact(pattern)) return PyUnicode_Compare(pattern, text) == 0; /* CPython's own defaults */
    PyObject* m = PyObject_CallMethodOneArg(pattern, str_match, text);
    if (!m) {
        PyErr_Clear();
        return -1;
    }
    int r = PyObject_IsTrue(m);
    Py_DECREF(m);
    if (r < 0) PyErr_Clear();
    return r;
}

/* CPython's get_filter for `category` and `text` over the snapshot, for any module and
 * line: 1 when the action is "ignore" wherever the warning is raised, 0 otherwise. */
int ujit_py_warning_ignored_everywhere(PyObject* category, PyObject* text) {
    if (!snapshot_items) return 0;
    Py_ssize_t n = PyTuple_GET_SIZE(snapshot_items);
    PyObject* action = snapshot_default;
    for (Py_ssize_t i = 0; i < n; ++i) {
        PyObject* f = PyTuple_GET_ITEM(snapshot_items, i);
        if (!PyTuple_Check(f) || PyTuple_GET_SIZE(f) != 5) return 0;
        int msg = matches(PyTuple_GET_ITEM(f, 1), text);
        if (msg < 0) return 0;
        if (!msg) continue;
        int sub = PyObject_IsSubclass(category, PyTuple_GET_ITEM(f, 2));
        if (sub < 0) {
            PyErr_Clear();
            return 0;
        }
        if (!sub) continue;
        PyObject* lineno = PyTuple_GET_ITEM(f, 4);
        if (PyTuple_GET_ITEM(f, 3) != Py_None || !PyLong_CheckExact(lineno) || _PyLong_Sign(lineno) != 0)
            return 0; /* decided by the caller's module or line: left to CPython */
        action = PyTuple_GET_ITEM(f, 0);
        break;
    }
    return PyUnicode_Check(action) && PyUnicode_Compare(action, str_ignore) == 0;
}
