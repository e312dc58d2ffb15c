#ifndef CORT_H
#define CORT_H

// Decant's own declarations of the few ONNX Runtime C API calls it makes. ONNX Runtime is not
// linked: its library (libonnxruntime.so, shipped inside the onnxruntime wheel on PyPI and put in
// Decant's cache folder by scripts/setup/ppocr.sh) is opened at run time with dlopen, so Decant
// builds and runs without it. The C API is one table of function pointers (`OrtApi`) returned by
// the library's only exported entry point, `OrtGetApiBase()->GetApi(version)`; the table only ever
// grows at its end, so a member's position is fixed once released. Positions used here are those of
// the API's first five versions (frozen upstream by static_asserts in onnxruntime_c_api.cc) and are
// checked against the library by the tests (Tests/RecognitionTests/PPOCR/ONNXRuntimeTests.swift).

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// Opaque handles, as the library hands them out.
typedef struct CORTStatus CORTStatus;
typedef struct CORTEnv CORTEnv;
typedef struct CORTSession CORTSession;
typedef struct CORTSessionOptions CORTSessionOptions;
typedef struct CORTRunOptions CORTRunOptions;
typedef struct CORTValue CORTValue;
typedef struct CORTMemoryInfo CORTMemoryInfo;
typedef struct CORTTensorInfo CORTTensorInfo;
typedef struct CORTAllocator CORTAllocator;
typedef struct CORTModelMetadata CORTModelMetadata;

// Enumerations, with the values the C API gives them.
enum {
    CORT_LOGGING_WARNING = 2,
    CORT_LOGGING_ERROR = 3,
    CORT_ELEMENT_FLOAT = 1,
    CORT_SEQUENTIAL = 0,
    CORT_OPTIMIZE_ALL = 99,
    CORT_DEVICE_ALLOCATOR = 0,
    CORT_ARENA_ALLOCATOR = 1,
    CORT_MEM_DEFAULT = 0,
};

/// The calls Decant makes, copied out of the library's table by `cort_load`. A returned status
/// is NULL on success; otherwise it carries a message and must be released.
typedef struct CORTApi {
    int (*GetErrorCode)(const CORTStatus *status);
    const char *(*GetErrorMessage)(const CORTStatus *status);
    CORTStatus *(*CreateEnv)(int logLevel, const char *logID, CORTEnv **out);
    CORTStatus *(*CreateSession)(const CORTEnv *env, const char *modelPath, const CORTSessionOptions *options,
                                 CORTSession **out);
    CORTStatus *(*Run)(CORTSession *session, const CORTRunOptions *runOptions, const char *const *inputNames,
                       const CORTValue *const *inputs, size_t inputCount, const char *const *outputNames,
                       size_t outputCount, CORTValue **outputs);
    CORTStatus *(*CreateSessionOptions)(CORTSessionOptions **out);
    CORTStatus *(*SetSessionExecutionMode)(CORTSessionOptions *options, int mode);
    CORTStatus *(*DisableMemPattern)(CORTSessionOptions *options);
    CORTStatus *(*DisableCpuMemArena)(CORTSessionOptions *options);
    CORTStatus *(*SetSessionLogSeverityLevel)(CORTSessionOptions *options, int level);
    CORTStatus *(*SetSessionGraphOptimizationLevel)(CORTSessionOptions *options, int level);
    CORTStatus *(*SetIntraOpNumThreads)(CORTSessionOptions *options, int threads);
    CORTStatus *(*SetInterOpNumThreads)(CORTSessionOptions *options, int threads);
    CORTStatus *(*SessionGetInputCount)(const CORTSession *session, size_t *out);
    CORTStatus *(*SessionGetOutputCount)(const CORTSession *session, size_t *out);
    CORTStatus *(*SessionGetInputName)(const CORTSession *session, size_t index, CORTAllocator *allocator, char **out);
    CORTStatus *(*SessionGetOutputName)(const CORTSession *session, size_t index, CORTAllocator *allocator, char **out);
    CORTStatus *(*CreateTensorWithDataAsOrtValue)(const CORTMemoryInfo *info, void *data, size_t byteCount,
                                                  const int64_t *shape, size_t rank, int elementType, CORTValue **out);
    CORTStatus *(*GetTensorMutableData)(CORTValue *value, void **out);
    CORTStatus *(*GetTensorTypeAndShape)(const CORTValue *value, CORTTensorInfo **out);
    CORTStatus *(*GetDimensionsCount)(const CORTTensorInfo *info, size_t *out);
    CORTStatus *(*GetDimensions)(const CORTTensorInfo *info, int64_t *dims, size_t count);
    CORTStatus *(*CreateCpuMemoryInfo)(int allocatorType, int memoryType, CORTMemoryInfo **out);
    CORTStatus *(*AllocatorFree)(CORTAllocator *allocator, void *pointer);
    CORTStatus *(*GetAllocatorWithDefaultOptions)(CORTAllocator **out);
    CORTStatus *(*AddSessionConfigEntry)(CORTSessionOptions *options, const char *key, const char *value);
    CORTStatus *(*SessionGetModelMetadata)(const CORTSession *session, CORTModelMetadata **out);
    /// `*value` is NULL when the model has no such key; otherwise freed with `AllocatorFree`.
    CORTStatus *(*ModelMetadataLookupCustomMetadataMap)(const CORTModelMetadata *metadata, CORTAllocator *allocator,
                                                       const char *key, char **value);
    void (*ReleaseEnv)(CORTEnv *env);
    void (*ReleaseStatus)(CORTStatus *status);
    void (*ReleaseMemoryInfo)(CORTMemoryInfo *info);
    void (*ReleaseSession)(CORTSession *session);
    void (*ReleaseValue)(CORTValue *value);
    void (*ReleaseTensorTypeAndShapeInfo)(CORTTensorInfo *info);
    void (*ReleaseSessionOptions)(CORTSessionOptions *options);
    void (*ReleaseModelMetadata)(CORTModelMetadata *metadata);
} CORTApi;

/// Opens the library at `path`, asks it for API `version` and fills `api`. Returns 0 on success
/// (and the library's own version string in `runtimeVersion`); -1 with a message in `error`
/// otherwise (no such file, not ONNX Runtime, too old for `version`). The library stays loaded for
/// the life of the process: ONNX Runtime keeps thread-local and static state that unloading would
/// leave dangling.
int cort_load(const char *path, uint32_t version, CORTApi *api, const char **runtimeVersion, char *error,
              size_t errorSize);

/// For each of `rows` rows of `columns` class probabilities, the best class among those `allowed`
/// marks (every class when `allowed` is NULL) and its share of the allowed classes' total. In C so
/// that the recognizer's widest loop (tens of thousands of classes per time step) runs at the same
/// speed in debug builds, which the tests and the accuracy gate use.
void cort_best_classes(const float *probabilities, int64_t rows, int64_t columns, const uint8_t *allowed,
                       int32_t *index, float *share);

#ifdef __cplusplus
}
#endif

#endif
