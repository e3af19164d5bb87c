#pragma once
// Process start-up for the studio, the CLI and the benchmarks that stand for them.

#include <cstdlib> // first: it defines __GLIBC__, which the rest tests

#if defined(__GLIBC__) && defined(__linux__)
#include <cstring>
#include <string>
#include <unistd.h>
#endif

namespace cds {

/// @brief Backs the heap with transparent huge pages (glibc's `glibc.malloc.hugetlb=1`).
///
/// Opening a 100,000-GPU design touches ~400 MB of fresh heap. With 4 KiB pages those first
/// touches cost ~0.3 s of a 1.4 s open on the 2-core build machine; with 2 MiB pages almost
/// nothing, for ~20 MiB more peak memory. glibc reads the tunable only when a process starts,
/// so the first call runs the program again with it set, and the second call puts the
/// environment back as the user had it (child processes do not inherit it). Nothing happens
/// when the user already set the tunable, with CDS_NO_HUGE_PAGES set, or off glibc/Linux; a
/// failed exec leaves the process as it was, on ordinary pages.
inline void useHugePageHeap(char** argv) {
#if defined(__GLIBC__) && defined(__linux__)
    static constexpr const char* kTunable = "glibc.malloc.hugetlb=1";
    static constexpr const char* kMarker = "CDS_HUGE_PAGES_PREVIOUS"; // the user's value, or ""
    if (const char* previous = std::getenv(kMarker)) {                // the second run: restore
        if (*previous)
            setenv("GLIBC_TUNABLES", previous, 1);
        else
            unsetenv("GLIBC_TUNABLES");
        unsetenv(kMarker);
        return;
    }
    const char* current = std::getenv("GLIBC_TUNABLES");
    if (std::getenv("CDS_NO_HUGE_PAGES") || (current && std::strstr(current, "malloc.hugetlb")))
        return;
    const std::string before = current ? current : "";
    // Ours first: glibc 2.36 keeps only the first tunable in the string it leaves in the
    // environment block, though it applies them all.
    const std::string value = before.empty() ? kTunable : kTunable + (":" + before);
    if (setenv(kMarker, before.c_str(), 1) != 0 || setenv("GLIBC_TUNABLES", value.c_str(), 1) != 0)
        return;
    execv("/proc/self/exe", argv);
    // exec failed: carry on as we are
    if (current)
        setenv("GLIBC_TUNABLES", before.c_str(), 1);
    else
        unsetenv("GLIBC_TUNABLES");
    unsetenv(kMarker);
#else
    (void)argv;
#endif
}

} // namespace cds
