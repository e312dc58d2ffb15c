#include "CORT.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

// What the library's entry point returns: two calls, in this order.
typedef struct {
    const void *const *(*GetApi)(uint32_t version);
    const char *(*GetVersionString)(void);
} CORTApiBase;

// Positions in the library's function table (0-based; see CORT.h for why they are fixed).
enum {
    AT_GetErrorCode = 1,
    AT_GetErrorMessage = 2,
    AT_CreateEnv = 3,
    AT_CreateSession = 7,
    AT_Run = 9,
    AT_CreateSessionOptions = 10,
    AT_SetSessionExecutionMode = 13,
    AT_DisableMemPattern = 17,
    AT_DisableCpuMemArena = 19,
    AT_SetSessionLogSeverityLevel = 22,
    AT_SetSessionGraphOptimizationLevel = 23,
    AT_SetIntraOpNumThreads = 24,
    AT_SetInterOpNumThreads = 25,
    AT_SessionGetInputCount = 30,
    AT_SessionGetOutputCount = 31,
    AT_SessionGetInputName = 36,
    AT_SessionGetOutputName = 37,
    AT_CreateTensorWithDataAsOrtValue = 49,
    AT_GetTensorMutableData = 51,
    AT_GetDimensionsCount = 61,
    AT_GetDimensions = 62,
    AT_GetTensorTypeAndShape = 65,
    AT_CreateCpuMemoryInfo = 69,
    AT_AllocatorFree = 76,
    AT_GetAllocatorWithDefaultOptions = 78,
    AT_ReleaseEnv = 92,
    AT_ReleaseStatus = 93,
    AT_ReleaseMemoryInfo = 94,
    AT_ReleaseSession = 95,
    AT_ReleaseValue = 96,
    AT_ReleaseTensorTypeAndShapeInfo = 99,
    AT_ReleaseSessionOptions = 100,
    AT_SessionGetModelMetadata = 111,
    AT_ModelMetadataLookupCustomMetadataMap = 116,
    AT_ReleaseModelMetadata = 118,
    AT_AddSessionConfigEntry = 130,
};

#define TAKE(name) memcpy(&api->name, &table[AT_##name], sizeof(void *))

int cort_load(const char *path, uint32_t version, CORTApi *api, const char **runtimeVersion, char *error,
              size_t errorSize) {
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(error, errorSize, "%s", reason ? reason : "dlopen failed");
        return -1;
    }
    const CORTApiBase *(*entry)(void);
    void *symbol = dlsym(library, "OrtGetApiBase");
    if (!symbol) {
        snprintf(error, errorSize, "%s is not ONNX Runtime (no OrtGetApiBase)", path);
        dlclose(library);
        return -1;
    }
    memcpy(&entry, &symbol, sizeof(symbol));
    const CORTApiBase *base = entry();
    const void *const *table = base ? base->GetApi(version) : NULL;
    if (!table) {
        snprintf(error, errorSize, "ONNX Runtime %s does not offer C API version %u",
                 base ? base->GetVersionString() : "?", version);
        dlclose(library);
        return -1;
    }
    TAKE(GetErrorCode);
    TAKE(GetErrorMessage);
    TAKE(CreateEnv);
    TAKE(CreateSession);
    TAKE(Run);
    TAKE(CreateSessionOptions);
    TAKE(SetSessionExecutionMode);
    TAKE(DisableMemPattern);
    TAKE(DisableCpuMemArena);
    TAKE(SetSessionLogSeverityLevel);
    TAKE(SetSessionGraphOptimizationLevel);
    TAKE(SetIntraOpNumThreads);
    TAKE(SetInterOpNumThreads);
    TAKE(SessionGetInputCount);
    TAKE(SessionGetOutputCount);
    TAKE(SessionGetInputName);
    TAKE(SessionGetOutputName);
    TAKE(CreateTensorWithDataAsOrtValue);
    TAKE(GetTensorMutableData);
    TAKE(GetDimensionsCount);
    TAKE(GetDimensions);
    TAKE(GetTensorTypeAndShape);
    TAKE(CreateCpuMemoryInfo);
    TAKE(AllocatorFree);
    TAKE(GetAllocatorWithDefaultOptions);
    TAKE(ReleaseEnv);
    TAKE(ReleaseStatus);
    TAKE(ReleaseMemoryInfo);
    TAKE(ReleaseSession);
    TAKE(ReleaseValue);
    TAKE(ReleaseTensorTypeAndShapeInfo);
    TAKE(ReleaseSessionOptions);
    TAKE(AddSessionConfigEntry);
    TAKE(SessionGetModelMetadata);
    TAKE(ModelMetadataLookupCustomMetadataMap);
    TAKE(ReleaseModelMetadata);
    // Every member is a function pointer; a hole means a table this file does not know.
    const void *const *taken = (const void *const *)api;
    for (size_t i = 0; i < sizeof(CORTApi) / sizeof(void *); i++) {
        if (!taken[i]) {
            snprintf(error, errorSize, "ONNX Runtime %s lacks call %zu of the C API", base->GetVersionString(), i);
            dlclose(library);
            return -1;
        }
    }
    *runtimeVersion = base->GetVersionString();
    return 0;
}

void cort_best_classes(const float *probabilities, int64_t rows, int64_t columns, const uint8_t *allowed,
                       int32_t *index, float *share) {
    for (int64_t r = 0; r < rows; r++) {
        const float *row = probabilities + r * columns;
        int32_t best = -1;
        float bestValue = 0, total = 0;
        for (int64_t c = 0; c < columns; c++) {
            if (allowed && !allowed[c]) continue;
            float value = row[c];
            total += value;
            if (best < 0 || value > bestValue) {
                best = (int32_t)c;
                bestValue = value;
            }
        }
        index[r] = best < 0 ? 0 : best;
        share[r] = total > 0 ? bestValue / total : 0;
    }
}
