import { Body, Controller, Get, HttpCode, Ip, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser } from './current-user.decorator';
import { Endpoint } from '../common/auth/endpoint.decorator';
import { ErrorDto } from '../common/errors/error.dto';
import { AuthService } from './auth.service';
import { AuthUserDto } from './dto/auth-user.dto';
import { ChangePasswordDto } from './dto/change-password.dto';
import { DemoLoginDto, DemoUserDto } from './dto/demo.dto';
import { GoogleLoginDto } from './dto/google-login.dto';
import { LoginResponseDto } from './dto/login-response.dto';
import { ForgotPasswordDto, MessageDto, ResetPasswordDto, ResetTokenCheckDto } from './dto/password-reset.dto';
import { PatientLoginDto } from './dto/patient-login.dto';
import type { User } from './entities/user.entity';
import { PasswordResetService } from './password-reset.service';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly passwordReset: PasswordResetService,
  ) {}

  @Get('me')
  @Endpoint({ summary: 'Usuario autenticado', roles: 'any', duringPasswordChange: true })
  me(@CurrentUser() user: User): Promise<AuthUserDto> {
    return this.auth.me(user);
  }

  @Post('google-login')
  @HttpCode(200)
  @Endpoint({ summary: 'Inicio de sesión con Google', public: true, description: 'Solo usuarios existentes (404 User not found).' })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiUnauthorizedResponse({ type: ErrorDto, description: 'Google rechazó el token' })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'User not found' })
  @ApiServiceUnavailableResponse({ type: ErrorDto, description: 'Google no responde' })
  googleLogin(@Body() dto: GoogleLoginDto): Promise<LoginResponseDto> {
    return this.auth.googleLogin(dto.token);
  }

  @Post('login/patient')
  @HttpCode(200)
  @Endpoint({
    summary: 'Inicio de sesión de pacientes con email y contraseña',
    public: true,
    // Its own limits count failures by account, by account and address, and by address (SignInLimits).
    throttle: false,
    description: 'Límites de intentos fallidos por cuenta, por cuenta y dirección, y por dirección.',
  })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiUnauthorizedResponse({ type: ErrorDto, description: 'Credenciales incorrectas' })
  @ApiTooManyRequestsResponse({ type: ErrorDto, description: 'Demasiados intentos fallidos (cabecera Retry-After)' })
  patientLogin(@Body() dto: PatientLoginDto, @Ip() ip: string): Promise<LoginResponseDto> {
    return this.auth.patientLogin(dto.email, dto.contrasenia, ip);
  }

  @Post('change-password')
  @HttpCode(200)
  @Endpoint({
    summary: 'Cambio de contraseña',
    roles: 'any',
    duringPasswordChange: true,
    throttle: true,
    description:
      'Sin old_password solo si hay que cambiar la contraseña temporal. Devuelve un token nuevo; los anteriores dejan de valer. La contraseña actual cuenta como un inicio de sesión para los límites de intentos fallidos.',
  })
  @ApiBadRequestResponse({ type: ErrorDto })
  changePassword(@CurrentUser() user: User, @Body() dto: ChangePasswordDto, @Ip() ip: string): Promise<LoginResponseDto> {
    return this.auth.changePassword(user, dto, ip);
  }

  @Get('demo-users')
  @Endpoint({ summary: 'Usuarios de demostración', public: true, description: 'Solo con DEMO_LOGIN activo (404 si no).' })
  @ApiNotFoundResponse({ type: ErrorDto })
  demoUsers(): Promise<DemoUserDto[]> {
    return this.auth.demoUsers();
  }

  @Post('demo-login')
  @HttpCode(200)
  @Endpoint({ summary: 'Acceso de demostración', public: true, description: 'Solo con DEMO_LOGIN activo (404 si no).' })
  @ApiNotFoundResponse({ type: ErrorDto })
  demoLogin(@Body() dto: DemoLoginDto): Promise<LoginResponseDto> {
    return this.auth.demoLogin(dto.email);
  }

  @Post('forgot-password')
  @HttpCode(200)
  @Endpoint({
    summary: 'Solicitar enlace para restablecer la contraseña',
    public: true,
    description:
      'Misma respuesta exista o no el email; solo los usuarios con contraseña reciben el correo. Límite por dirección y por cliente, además del de la ruta.',
  })
  @ApiBadRequestResponse({ type: ErrorDto })
  forgotPassword(@Body() dto: ForgotPasswordDto, @Ip() ip: string): Promise<MessageDto> {
    return this.passwordReset.request(dto.email, ip);
  }

  @Get('verify-reset-token')
  @Endpoint({ summary: 'Comprobar un enlace de restablecimiento', public: true })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'Token inválido o expirado.' })
  verifyResetToken(@Query('token') token?: string): Promise<ResetTokenCheckDto> {
    return this.passwordReset.verify(token);
  }

  @Post('reset-password')
  @HttpCode(200)
  @Endpoint({ summary: 'Restablecer la contraseña', public: true, description: 'Enlace de un solo uso; cierra las sesiones anteriores.' })
  @ApiBadRequestResponse({ type: ErrorDto })
  resetPassword(@Body() dto: ResetPasswordDto, @Ip() ip: string): Promise<MessageDto> {
    return this.passwordReset.reset(dto.token, dto.new_password, ip);
  }
}
