import Foundation

/// The part of the Kubernetes API (batch/v1 Job and the core/v1 types under it, as of 1.29, the
/// first release with `backoffLimitPerIndex`) that docs/deploy's manifest can use: each object's
/// fields with their kinds, which are required, and the fixed sets of values some take. Checking
/// the manifest against it finds what `kubectl apply --validate=strict` would refuse — a misspelt
/// or misplaced field, a value of the wrong kind, a missing name — without a cluster (kubectl
/// validates against the server's schema, and Debian 12's kubectl is 1.20).
enum KubernetesSchema {
    indirect enum Kind: Sendable {
        case string, integer, boolean
        /// A resource quantity: "2", "500m", "1Gi" (a number is allowed too).
        case quantity
        case object(String)
        case list(Kind)
        case map(Kind)
        case oneOf(Set<String>)
    }

    struct Object: Sendable {
        var fields: [String: Kind]
        var required: Set<String> = []
    }

    static let objects: [String: Object] = [
        "Job": Object(fields: ["apiVersion": .oneOf(["batch/v1"]), "kind": .oneOf(["Job"]), "metadata": .object("ObjectMeta"),
                               "spec": .object("JobSpec")], required: ["apiVersion", "kind", "metadata", "spec"]),
        "ObjectMeta": Object(fields: ["name": .string, "generateName": .string, "namespace": .string, "labels": .map(.string),
                                      "annotations": .map(.string)]),
        "JobSpec": Object(fields: [
            "parallelism": .integer, "completions": .integer, "activeDeadlineSeconds": .integer, "backoffLimit": .integer,
            "backoffLimitPerIndex": .integer, "maxFailedIndexes": .integer, "selector": .object("LabelSelector"),
            "manualSelector": .boolean, "template": .object("PodTemplateSpec"), "ttlSecondsAfterFinished": .integer,
            "completionMode": .oneOf(["NonIndexed", "Indexed"]), "suspend": .boolean,
            "podReplacementPolicy": .oneOf(["TerminatingOrFailed", "Failed"]),
        ], required: ["template"]),
        "LabelSelector": Object(fields: ["matchLabels": .map(.string)]),
        "PodTemplateSpec": Object(fields: ["metadata": .object("ObjectMeta"), "spec": .object("PodSpec")]),
        "PodSpec": Object(fields: [
            "containers": .list(.object("Container")), "initContainers": .list(.object("Container")),
            "volumes": .list(.object("Volume")), "restartPolicy": .oneOf(["Always", "OnFailure", "Never"]),
            "nodeSelector": .map(.string), "serviceAccountName": .string, "terminationGracePeriodSeconds": .integer,
            "activeDeadlineSeconds": .integer, "priorityClassName": .string, "hostname": .string,
        ], required: ["containers"]),
        "Container": Object(fields: [
            "name": .string, "image": .string, "command": .list(.string), "args": .list(.string), "workingDir": .string,
            "env": .list(.object("EnvVar")), "resources": .object("ResourceRequirements"),
            "volumeMounts": .list(.object("VolumeMount")), "imagePullPolicy": .oneOf(["Always", "Never", "IfNotPresent"]),
        ], required: ["name"]),
        "EnvVar": Object(fields: ["name": .string, "value": .string, "valueFrom": .object("EnvVarSource")], required: ["name"]),
        "EnvVarSource": Object(fields: ["fieldRef": .object("ObjectFieldSelector")]),
        "ObjectFieldSelector": Object(fields: ["apiVersion": .string, "fieldPath": .string], required: ["fieldPath"]),
        "ResourceRequirements": Object(fields: ["requests": .map(.quantity), "limits": .map(.quantity)]),
        "VolumeMount": Object(fields: ["name": .string, "mountPath": .string, "readOnly": .boolean, "subPath": .string],
                              required: ["name", "mountPath"]),
        "Volume": Object(fields: ["name": .string, "persistentVolumeClaim": .object("PersistentVolumeClaimVolumeSource"),
                                  "emptyDir": .object("EmptyDirVolumeSource")], required: ["name"]),
        "PersistentVolumeClaimVolumeSource": Object(fields: ["claimName": .string, "readOnly": .boolean], required: ["claimName"]),
        "EmptyDirVolumeSource": Object(fields: ["medium": .string, "sizeLimit": .quantity]),
    ]

    /// Everything wrong with `value` as a `type`, each with its path ("spec.template.spec.containers[0].nmae").
    static func problems(in value: Any, as type: String, at path: String = "") -> [String] {
        problems(in: value, kind: .object(type), at: path)
    }

    static func problems(in value: Any, kind: Kind, at path: String) -> [String] {
        let here = path.isEmpty ? "(top)" : path
        switch kind {
        case .string:
            return value is String ? [] : ["\(here): expected a string, got \(value)"]
        case .integer:
            return (value as? Int) != nil && !(value is Bool) ? [] : ["\(here): expected an integer, got \(value)"]
        case .boolean:
            return value is Bool ? [] : ["\(here): expected true or false, got \(value)"]
        case .quantity:
            if value is Int || value is Double { return [] }
            guard let text = value as? String,
                  text.range(of: #"^[0-9]+(\.[0-9]+)?(m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)?$"#, options: .regularExpression) != nil else {
                return ["\(here): not a resource quantity: \(value)"]
            }
            return []
        case .oneOf(let allowed):
            guard let text = value as? String, allowed.contains(text) else {
                return ["\(here): expected one of \(allowed.sorted().joined(separator: ", ")), got \(value)"]
            }
            return []
        case .list(let element):
            guard let items = value as? [Any] else { return ["\(here): expected a list, got \(value)"] }
            return items.enumerated().flatMap { problems(in: $1, kind: element, at: "\(path)[\($0)]") }
        case .map(let element):
            guard let entries = value as? [String: Any] else { return ["\(here): expected a map, got \(value)"] }
            return entries.sorted { $0.key < $1.key }.flatMap { problems(in: $1, kind: element, at: "\(path).\($0)") }
        case .object(let name):
            guard let schema = objects[name] else { return ["\(here): no schema for \(name)"] }
            guard let fields = value as? [String: Any] else { return ["\(here): expected a \(name) object, got \(value)"] }
            var found: [String] = []
            for (key, field) in fields.sorted(by: { $0.key < $1.key }) {
                let at = path.isEmpty ? key : "\(path).\(key)"
                guard let kind = schema.fields[key] else {
                    found.append("\(at): unknown field of \(name)")
                    continue
                }
                found += problems(in: field, kind: kind, at: at)
            }
            for key in schema.required.sorted() where fields[key] == nil {
                found.append("\(here): \(name) lacks \(key)")
            }
            return found
        }
    }
}
