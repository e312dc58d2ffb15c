import Imaging

/// A made-up photo of a tilted page with its depth and camera, for the sample files.
enum SampleScene {
    static func make() -> (Raster, DepthMap, CameraIntrinsics) {
        let width = 640, height = 480
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3, ink: UInt8 = (x / 20 + y / 20) % 2 == 0 ? 60 : 230
                pixels[i] = ink; pixels[i + 1] = ink; pixels[i + 2] = UInt8(x * 255 / (width - 1))
            }
        }
        let dw = 160, dh = 120
        var mm = [Float](repeating: 0, count: dw * dh)
        for y in 0..<dh { for x in 0..<dw { mm[y * dw + x] = 300 + 300 * Float(x) / Float(dw - 1) + 20 * Float(y) / Float(dh - 1) } }
        return (Raster(width: width, height: height, channels: 3, pixels: pixels), DepthMap(width: dw, height: dh, millimetres: mm),
                CameraIntrinsics.fieldOfView(degrees: 65, width: width, height: height))
    }
}
